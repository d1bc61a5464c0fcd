// Cookieless analytics, the server's half (docs/decisions/073-cookieless-analytics.md):
// - POST /_a takes one event of the script (app/enhance/analytics.ts): at most 2 KB, checked
//   field by field (events.ts), answered 204 once queued, 202 when deliberately not counted (a
//   bot, a prefetch or prerender the visitor never saw, the admin's pages), 4xx when malformed
//   (400), too large (413), not text (415) or from another site's page (403),
//   429 over a visitor's or an address's limit (server/http/rate-limits.ts), 503 when the queue is
//   full or the day's salt cannot be read.
// - GET /_a.gif is the `<noscript>` pixel: a view for visitors without JavaScript, its page taken
//   from the Referer (same site) or its `p` parameter. Where that visitor came from is not known:
//   without campaign tags or a click id the view is no new arrival (channel "internal"; a visit
//   it starts counts as direct, as before).
// - A lead's request asks for its visitor (the same hash as its views) and records the lead.
// Nothing is stored on the visitor's device and no cookie is set; the client address only goes
// into the daily hash (visitor.ts).
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Context, Hono } from "hono";
import { BodyTooLarge, boundedChunks, readBoundedBody } from "../../app/lib/bounded-body.ts";
import { viewOrigin, type ViewOrigin } from "../../app/lib/analytics-source.ts";
import { ANALYTICS_EVENTS_PATH, ANALYTICS_PIXEL_PATH } from "../../app/lib/analytics-paths.ts";
import type { AnalyticsRequest } from "../../app/lib/request-context.ts";
import { REQUEST_ID_HEADER, requestIdFrom } from "../http/access-log.ts";
import { clientIpOf, resolveClientIp } from "../http/client-ip.ts";
import { NON_DOCUMENT_CSP } from "../http/csp.ts";
import { ANALYTICS_RATE_LIMITS, createRateLimiter, type RateLimit } from "../http/rate-limits.ts";
import { STATIC_SECURITY_HEADERS } from "../http/security-headers.ts";
import { engagementRow, isUncountedPage, leadRow, parseEventPayload, viewRow, type EventRow } from "./events.ts";
import { createEventQueue, type EventQueue, type EventQueueOptions } from "./queue.ts";
import { userAgentFacts } from "./user-agent.ts";
import { createVisitorHasher, type DailyVisitor, type SaltSource } from "./visitor.ts";

export { ANALYTICS_EVENTS_PATH, ANALYTICS_PIXEL_PATH };

/** The largest event body: a view with a long URL and referrer is well under 1 KB. */
export const EVENT_MAX_BYTES = 2048;

/** A transparent 1×1 GIF. */
const PIXEL = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

export interface AnalyticsOptions {
  /** SITE_URL: its host (and the request's own) is "this site" for referrers and origins. */
  siteUrl: string;
  salts: SaltSource;
  write: EventQueueOptions["write"];
  isPermanent?: EventQueueOptions["isPermanent"];
  queue?: Pick<EventQueueOptions, "maxBatch" | "intervalMs" | "maxPending">;
  /** Replaces the limits of ANALYTICS_RATE_LIMITS (tests). */
  limits?: Partial<Record<keyof typeof ANALYTICS_RATE_LIMITS, RateLimit>>;
  now?: () => Date;
  log?: (line: string) => void;
}

/** What the server's own HTTP listener needs to answer events before its Hono app (main.ts). */
export interface EarlyEventOptions {
  /** TRUST_PROXY: how many proxies forward to the server (server/http/client-ip.ts). */
  trustedHops: number;
  /** Whether the site is served over HTTPS (Strict-Transport-Security). */
  https: boolean;
}

export interface Analytics {
  /** The two routes, on the server's Hono app. */
  register(app: Hono): void;
  /**
   * A Node request listener's first step: answers `POST /_a` itself and says true, else false
   * (the request goes on to the Hono app). ADR 090.
   */
  answerEarly(options: EarlyEventOptions): (req: IncomingMessage, res: ServerResponse) => boolean;
  /** What a lead form's request may ask (app/lib/request-context.ts). */
  forRequest(c: Context): AnalyticsRequest;
  readonly queue: EventQueue;
  /** Writes what is queued; the server's graceful stop calls it. */
  stop(): Promise<void>;
}

type Verdict =
  { counted: true } | { counted: false; status: 202 | 400 | 403 | 413 | 415 | 429 | 503; retryAfter?: number };

const ignored: Verdict = { counted: false, status: 202 };

const utf8 = new TextDecoder();

const defaultNow = () => new Date();

/**
 * What handling an event reads of its request, from the Hono context or from Node's own request
 * (answerEarly). Header names are lower-case.
 */
interface EventRequest {
  header(name: string): string | undefined;
  /** The body, at most `maxBytes`: BodyTooLarge beyond, another error when the client stopped. */
  body(maxBytes: number): Promise<Uint8Array>;
  clientIp(): string;
}

function honoRequest(c: Context): EventRequest {
  return {
    header: (name) => c.req.header(name),
    body: (maxBytes) => readBoundedBody(c.req.raw, maxBytes),
    clientIp: () => clientIpOf(c),
  };
}

/** Node's request: no web Request, Headers or stream made for a 200-byte body. */
function nodeRequest(req: IncomingMessage, trustedHops: number): EventRequest {
  const header = (name: string) => {
    const value = req.headers[name];
    return Array.isArray(value) ? value.join(", ") : value;
  };
  return {
    header,
    async body(maxBytes) {
      const declared = header("content-length")?.trim();
      if (declared && (!/^\d+$/.test(declared) || Number(declared) > maxBytes)) throw new BodyTooLarge(maxBytes);
      const chunks: Buffer[] = [];
      for await (const chunk of boundedChunks(req, maxBytes)) chunks.push(chunk as Buffer);
      if (!req.complete) throw new Error("The client stopped sending the body.");
      return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
    },
    clientIp: () => resolveClientIp(req.socket.remoteAddress, header("x-forwarded-for"), trustedHops),
  };
}

/** Requests a browser makes for a page nobody has seen yet (RFC: Sec-Purpose, speculation rules). */
function isSpeculative(request: EventRequest): boolean {
  return /\b(prefetch|prerender)\b/i.test(`${request.header("sec-purpose") ?? ""} ${request.header("purpose") ?? ""}`);
}

function hostnameOf(value: string | undefined | null): string | null {
  if (!value) return null;
  try {
    return new URL(value.includes("://") ? value : `http://${value}`).hostname.toLowerCase();
  } catch {
    return null;
  }
}

function answer(verdict: Verdict, body: Buffer | null): Response {
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  if (!verdict.counted && verdict.retryAfter) headers["Retry-After"] = String(verdict.retryAfter);
  if (body) {
    headers["Content-Type"] = "image/gif";
    // The image is the same whatever happened; its status says whether the view was counted.
    const status = verdict.counted ? 200 : verdict.status === 202 ? 200 : verdict.status;
    return new Response(new Uint8Array(body), { status, headers });
  }
  return new Response(null, { status: verdict.counted ? 204 : verdict.status, headers });
}

/**
 * The listener that answers the script's `POST /_a` on Node's own request, before the Hono app
 * (ADR 090): the same verdicts, with the headers the app's middleware would give.
 */
function earlyEventListener(
  onEvent: (request: EventRequest) => Promise<Verdict>,
  { trustedHops, https }: EarlyEventOptions,
  log: ((message: string) => void) | undefined,
): (req: IncomingMessage, res: ServerResponse) => boolean {
  // The headers the app's middleware gives an answer without a body (server/app.ts).
  const fixed: Record<string, string> = {
    "Cache-Control": "no-store",
    ...STATIC_SECURITY_HEADERS,
    ...(https ? { "Strict-Transport-Security": "max-age=63072000; includeSubDomains" } : {}),
    "Content-Security-Policy": NON_DOCUMENT_CSP,
  };
  return (req, res) => {
    // Only the script's own request; anything else about /_a (another method, a query) is
    // the app's, which answers it as before.
    if (req.method !== "POST" || req.url !== ANALYTICS_EVENTS_PATH) return false;
    const request = nodeRequest(req, trustedHops);
    const requestId = requestIdFrom(request.header("x-request-id"));
    void onEvent(request).then(
      (verdict) => {
        const headers: Record<string, string> = { ...fixed, [REQUEST_ID_HEADER]: requestId };
        if (!verdict.counted && verdict.retryAfter) headers["Retry-After"] = String(verdict.retryAfter);
        res.writeHead(verdict.counted ? 204 : verdict.status, headers).end();
      },
      (error: unknown) => {
        log?.(`Analytics: an event failed: ${String(error)}`);
        if (!res.headersSent) res.writeHead(500, { ...fixed, [REQUEST_ID_HEADER]: requestId }).end();
      },
    );
    return true;
  };
}

export function createAnalytics(options: AnalyticsOptions): Analytics {
  const siteHost = hostnameOf(options.siteUrl)!;
  const now = options.now ?? defaultNow;
  const hasher = createVisitorHasher({ salts: options.salts, site: siteHost, now });
  const limits = { ...ANALYTICS_RATE_LIMITS, ...options.limits };
  const perVisitor = createRateLimiter(limits.analyticsVisitor, { now: () => now().getTime() });
  const perAddress = createRateLimiter(limits.analyticsAddress, { now: () => now().getTime() });
  const queue = createEventQueue({
    write: options.write,
    isPermanent: options.isPermanent,
    log: options.log,
    ...options.queue,
  });

  // The Host header is the same on nearly every request: its host name is parsed once.
  let lastHost: { header: string | undefined; hosts: string[] } = { header: undefined, hosts: [siteHost, siteHost] };
  /** This site's host names: SITE_URL's and the one the request was sent to. */
  const siteHosts = (request: EventRequest) => {
    const header = request.header("host");
    if (header !== lastHost.header) lastHost = { header, hosts: [siteHost, hostnameOf(header) ?? siteHost] };
    return lastHost.hosts;
  };

  /** Counts one event of a visitor: limits, hash, queue. */
  async function count(request: EventRequest, build: (who: DailyVisitor, at: Date) => EventRow): Promise<Verdict> {
    const address = request.clientIp();
    const userAgent = request.header("user-agent") ?? "";
    const byAddress = perAddress.take(address);
    if (!byAddress.allowed) return { counted: false, status: 429, retryAfter: byAddress.retryAfterSeconds };
    let who: DailyVisitor;
    try {
      who = await hasher.visitorOf(address, userAgent);
    } catch (error) {
      options.log?.(`Analytics: no salt for today: ${String(error)}`);
      return { counted: false, status: 503 };
    }
    const byVisitor = perVisitor.take(who.visitor);
    if (!byVisitor.allowed) return { counted: false, status: 429, retryAfter: byVisitor.retryAfterSeconds };
    return queue.push(build(who, now())) ? { counted: true } : { counted: false, status: 503 };
  }

  async function onEvent(request: EventRequest): Promise<Verdict> {
    if (isSpeculative(request)) return ignored;
    const type = (request.header("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
    if (type !== "text/plain" && type !== "application/json") return { counted: false, status: 415 };
    let body: Uint8Array;
    try {
      body = await request.body(EVENT_MAX_BYTES);
    } catch (error) {
      // Otherwise the client stopped sending it.
      return { counted: false, status: error instanceof BodyTooLarge ? 413 : 400 };
    }
    let payload;
    try {
      payload = parseEventPayload(JSON.parse(utf8.decode(body)));
    } catch {
      payload = null;
    }
    if (!payload) return { counted: false, status: 400 };
    const hosts = siteHosts(request);
    // Another site's page cannot post events in a visitor's name (browsers send Origin on POST).
    const origin = request.header("origin");
    if (origin !== undefined && !hosts.includes(hostnameOf(origin) ?? "")) return { counted: false, status: 403 };
    const agent = userAgentFacts(request.header("user-agent"));
    if (agent.bot) return ignored;
    if (payload.k === "e") {
      const page = payload.u.replace(/[?#].*$/, "");
      if (isUncountedPage(page)) return ignored;
      return count(request, (who, at) => engagementRow(payload, { at, who, agent }));
    }
    const view = viewOrigin(new URL(payload.u, options.siteUrl), payload.r || null, hosts);
    if (!view || isUncountedPage(view.page)) return ignored;
    return count(request, (who, at) => viewRow(view, { at, who, agent }, payload));
  }

  async function onPixel(c: Context): Promise<Verdict> {
    const request = honoRequest(c);
    if (isSpeculative(request)) return ignored;
    const agent = userAgentFacts(c.req.header("User-Agent"));
    if (agent.bot) return ignored;
    const hosts = siteHosts(request);
    // The page: the Referer (its query's campaign tags included) when it is this site's, else `p`.
    const referer = c.req.header("Referer");
    const param = c.req.query("p");
    const page =
      referer && hosts.includes(hostnameOf(referer) ?? "")
        ? referer
        : param && /^\/(?!\/)/.test(param) && param.length <= 300
          ? new URL(param, options.siteUrl).href
          : null;
    // An image's Referer is its own page: where the visitor came from is not known.
    const view = page ? viewOrigin(page, null, hosts, { referrerUnknown: true }) : null;
    if (!view || isUncountedPage(view.page)) return ignored;
    return count(request, (who, at) => viewRow(view, { at, who, agent }));
  }

  return {
    register(app) {
      app.post(ANALYTICS_EVENTS_PATH, async (c) => answer(await onEvent(honoRequest(c)), null));
      app.get(ANALYTICS_PIXEL_PATH, async (c) => answer(await onPixel(c), PIXEL));
      app.all(
        ANALYTICS_EVENTS_PATH,
        () => new Response(null, { status: 405, headers: { Allow: "POST", "Cache-Control": "no-store" } }),
      );
    },
    answerEarly: (early) => earlyEventListener(onEvent, early, options.log),
    forRequest(c) {
      return {
        async visitor() {
          if (userAgentFacts(c.req.header("User-Agent")).bot) return null;
          const who = await hasher.visitorOf(clientIpOf(c), c.req.header("User-Agent") ?? "");
          // The views this instance still holds must be in the database before they are read.
          await queue.flush();
          return who;
        },
        lead(form: "contact" | "demo", origin: ViewOrigin) {
          const agent = userAgentFacts(c.req.header("User-Agent"));
          if (agent.bot) return;
          void count(honoRequest(c), (who, at) => leadRow(origin, form, { at, who, agent }));
        },
      };
    },
    queue,
    stop: () => queue.stop(),
  };
}
