// The document pipeline (docs/decisions/061-document-pipeline-and-site-context.md): one function
// turns a document (a page's HTML, or a feed the page cache keeps) into what is served, whether
// it was prerendered and is prepared once at start (prerendered-pages.ts) or was rendered for a
// request (documents.ts), and one function answers a request from that.
import { createHash } from "node:crypto";
import { chooseEncoding, compress, worthCompressing, type Effort, type Encoding } from "./compression.ts";
import { contentSecurityPolicy, inlineScriptHashes, inlineScripts, NON_DOCUMENT_CSP, type CspOptions } from "./csp.ts";
import { inlinableLinks, inlineStylesheets, type InlinableLink, type StylesheetReader } from "./inline-stylesheet.ts";
import { withoutAnalytics } from "./analytics-markup.ts";

export interface DocumentPipelineOptions {
  csp: CspOptions;
  /** The client build's stylesheets by URL (inline-stylesheet.ts); without it links stay links. */
  readStylesheet?: StylesheetReader;
  /** False (ANALYTICS=0): the analytics' script and pixel are taken out of every page (analytics-markup.ts). */
  analytics?: boolean;
}

/** A document as it is served, in every encoding asked for so far. */
export interface PreparedDocument {
  /** The Content-Security-Policy that allows exactly its inline scripts. */
  readonly csp: string;
  /** A strong validator of its content, the same in every encoding. */
  readonly etag: string;
  /** The body for a client that accepts `encoding`, compressed on first use and then kept. */
  variant(encoding: Encoding | null): Promise<Variant>;
}

export interface Variant {
  body: Uint8Array<ArrayBuffer>;
  /** Null when sent as is (the client accepts no compression, or the body is tiny). */
  encoding: Encoding | null;
}

/** What a document is: an HTML page gets its stylesheet and script hashes, anything else neither. */
export interface DocumentSource {
  text: string;
  html: boolean;
}

export type DocumentPipeline = (source: DocumentSource, effort: Effort) => PreparedDocument;

/** The same hash for every copy of a content, so any copy revalidates any other (RFC 9110 §8.8.3). */
export function strongEtag(body: Uint8Array): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`;
}

/**
 * The analytics' script and pixel taken out when they are off, the stylesheet inlined
 * (script-free pages only, ADR 058), then the inline scripts hashed into the
 * CSP (ADR 003) so nothing may change the bytes afterwards, then the ETag and the compressed
 * copies. Compression happens when a copy is first asked for, in libuv's pool.
 */
export function documentPipeline(options: DocumentPipelineOptions): DocumentPipeline {
  return ({ text, html }, effort) => {
    const page = html && options.analytics === false ? withoutAnalytics(text) : text;
    const { identity, hashes } = html ? servedPage(page, options.readStylesheet) : { identity: utf8(page), hashes: [] };
    const csp = html ? contentSecurityPolicy(hashes, options.csp) : NON_DOCUMENT_CSP;
    const copies = new Map<Encoding, Promise<Variant>>();
    let etag: string | undefined;
    return {
      csp,
      // Hashed when asked for: a page rendered for one request has no validator.
      get etag() {
        etag ??= strongEtag(identity);
        return etag;
      },
      variant(encoding) {
        if (!encoding || !worthCompressing(identity.byteLength))
          return Promise.resolve({ body: identity, encoding: null });
        let copy = copies.get(encoding);
        if (!copy) {
          copy = compress(identity, encoding, effort).then((body) => ({ body, encoding }));
          copies.set(encoding, copy);
        }
        return copy;
      },
    };
  };
}

const encoder = new TextEncoder();
const utf8 = (text: string) => encoder.encode(text);

/**
 * A page's bytes with its stylesheets written in, and the hashes of its inline scripts. The
 * stylesheet's bytes are copied in as they were encoded once, and the scripts are those of the
 * page without it: the same as those of the served page whenever no link sits inside a script
 * and no stylesheet mentions one, else the served page is put together as text and scanned.
 */
function servedPage(page: string, read: StylesheetReader | undefined) {
  const links = read ? inlinableLinks(page, read) : [];
  const scripts = inlineScripts(page);
  const apart = links.every(
    (link) =>
      !link.stylesheet.mentionsScript &&
      scripts.every((script) => script.end <= link.start || link.end <= script.start),
  );
  if (!apart) {
    const final = inlineStylesheets(page, read!);
    return { identity: utf8(final), hashes: inlineScriptHashes(final) };
  }
  return { identity: withStylesheets(page, links), hashes: [...new Set(scripts.map((script) => script.hash))] };
}

/** The UTF-8 of `page` with each link replaced by its stylesheet's element. */
function withStylesheets(page: string, links: readonly InlinableLink[]): Uint8Array<ArrayBuffer> {
  if (links.length === 0) return utf8(page);
  const texts: string[] = [];
  let last = 0;
  for (const link of links) {
    texts.push(page.slice(last, link.start));
    last = link.end;
  }
  texts.push(page.slice(last));
  let size = 0;
  for (const text of texts) size += Buffer.byteLength(text, "utf8");
  for (const link of links) size += link.stylesheet.bytes.byteLength;
  const out = new Uint8Array(size);
  let at = 0;
  texts.forEach((text, i) => {
    at += encoder.encodeInto(text, out.subarray(at)).written;
    const stylesheet = links[i]?.stylesheet;
    if (stylesheet) {
      out.set(stylesheet.bytes, at);
      at += stylesheet.bytes.byteLength;
    }
  });
  return out;
}

/** An answer ready to send: a document's variant with the headers of the route or store it came from. */
export interface DocumentAnswer extends Variant {
  status: number;
  /** Headers besides those of the body (Content-Type, Cache-Control…). */
  headers: readonly [string, string][];
  csp: string;
  /** Set where clients may revalidate (prerendered and cached pages); null for one-off renders. */
  etag: string | null;
}

/** The variant of a document a request should get, as an answer. */
export async function answerFor(
  request: Request,
  document: PreparedDocument,
  init: { status: number; headers: readonly [string, string][]; validated: boolean },
): Promise<DocumentAnswer> {
  const variant = await document.variant(chooseEncoding(request.headers.get("Accept-Encoding")));
  return { ...variant, ...init, csp: document.csp, etag: init.validated ? document.etag : null };
}

const opaqueTag = (tag: string) => tag.trim().replace(/^W\//, "");

/** If-None-Match matches (RFC 9110 §13.1.2: weak comparison, "*" matches any). */
export function etagMatches(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || opaqueTag(tag) === opaqueTag(etag));
}

// A 304 repeats what a cache needs to update its copy, without the body's own headers.
const NOT_ON_304 = ["content-length", "content-encoding", "content-type"];

/**
 * The one conditional-request helper: 304 when a GET or HEAD names the current ETag, else the
 * body (none for HEAD) with its length and encoding.
 */
export function respond(request: Request, answer: DocumentAnswer, extra: Record<string, string> = {}): Response {
  const headers = new Headers([...answer.headers]);
  for (const [name, value] of Object.entries(extra)) headers.set(name, value);
  headers.set("Content-Security-Policy", answer.csp);
  if (!/\baccept-encoding\b/i.test(headers.get("Vary") ?? "")) headers.append("Vary", "Accept-Encoding");
  const read = request.method === "GET" || request.method === "HEAD";
  if (answer.etag) {
    headers.set("ETag", answer.etag);
    if (read && etagMatches(request.headers.get("If-None-Match"), answer.etag)) {
      for (const name of NOT_ON_304) headers.delete(name);
      return new Response(null, { status: 304, headers });
    }
  }
  if (answer.encoding) headers.set("Content-Encoding", answer.encoding);
  headers.set("Content-Length", String(answer.body.byteLength));
  return new Response(request.method === "HEAD" ? null : answer.body, { status: answer.status, headers });
}
