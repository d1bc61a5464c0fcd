import { createContext } from "react-router";
import type { ViewOrigin } from "./analytics-source";

/** The per-address limits the app asks for; their numbers live in server/http/rate-limits.ts. */
export type AppRateLimitBucket = "leads" | "previews";

export interface RateLimitDecision {
  allowed: boolean;
  /** When refused: whole seconds until a request would be allowed again (at least 1); else 0. */
  retryAfterSeconds: number;
}

/**
 * What the analytics know of the request's visitor (server/analytics/index.ts), for a lead's
 * attribution (app/lib/leads.server.ts).
 */
export interface AnalyticsRequest {
  /**
   * The visitor of the day this request belongs to (the hash its page views got), once the
   * server has written the views it still held; null when it is not counted (a bot).
   */
  visitor(): Promise<{ day: string; visitor: string } | null>;
  /** Counts a stored lead as a conversion of this visitor's day. */
  lead(form: "contact" | "demo", origin: ViewOrigin): void;
}

/**
 * Facts about the HTTP request that only the Node server knows, filled per request by
 * server/app.ts. The app owns this contract: server/app.ts imports the type from here (a
 * type-only import, erased at run time), since app/ never imports server/.
 */
export interface RequestInfo {
  /** The client's IP address (the socket peer, or X-Forwarded-For behind TRUST_PROXY). */
  clientIp: string;
  /**
   * Counts one request from this client against a named limit and says whether it may proceed.
   * Required: a context built without it fails loudly rather than run without a limit.
   */
  rateLimit(bucket: AppRateLimitBucket): RateLimitDecision | Promise<RateLimitDecision>;
  /** The analytics' view of this request; absent when they are off (ANALYTICS=0). */
  analytics?: AnalyticsRequest;
}

export const requestContext = createContext<RequestInfo>();
