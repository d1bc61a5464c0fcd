// Shape of the long-form pages (legal, documentation, help): titled sections of paragraphs,
// optional bullet lists and links, rendered by components/site/document-page.tsx.

import type { CallToAction } from "./types";

export interface DocumentSection {
  /** Anchor of the section (also used for its table-of-contents link). */
  id: string;
  title: string;
  paragraphs: string[];
  list?: string[];
  links?: CallToAction[];
}

export interface DocumentPage {
  meta: { title: string; description: string; breadcrumb: string };
  eyebrow: string;
  title: string;
  intro: string;
  /** e.g. "Última atualização: 1º de novembro de 2026". */
  updated?: string;
  tocTitle: string;
  sections: DocumentSection[];
}
