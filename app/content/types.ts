// Shapes shared by several content modules (docs/product.md §3, "Other static items").

export interface Stat {
  value: string;
  label: string;
}

export interface FaqItem {
  question: string;
  answer: string;
}

export interface CallToAction {
  label: string;
  href: string;
}
