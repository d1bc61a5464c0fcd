import { chromium, type APIRequestContext, type BrowserContext, type BrowserContextOptions } from "@playwright/test";
import { chromiumExecutable, TEST_CHROMIUM_ARGS } from "../../../scripts/chromium.ts";
import { serviceHeaders } from "./leads";

// The analytics count neither bots nor headless browsers (isbot), so specs that check them
// browse as a desktop Chrome; each test adds its own token, which makes it a visitor of its own
// (the daily visitor is a hash of the address and the User-Agent) without tampering with
// addresses, which a prerendered page's requests would not carry.
export const CHROME_USER_AGENT =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";

/** A desktop Chrome's User-Agent that no other test shares. */
export function visitorUserAgent(): string {
  return `${CHROME_USER_AGENT} Teste/${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

export interface Visitor {
  context: BrowserContext;
  close(): Promise<void>;
}

/**
 * One visitor in a browser of its own, its User-Agent given on the command line: the override
 * Playwright sets per context does not reach what a page sends while it unloads (the beacon
 * with its engaged time), which would then come from HeadlessChrome and be dropped as a bot.
 */
export async function launchVisitor(options: BrowserContextOptions): Promise<Visitor> {
  const browser = await chromium.launch({
    executablePath: chromiumExecutable(),
    args: [...TEST_CHROMIUM_ARGS, `--user-agent=${visitorUserAgent()}`],
  });
  // Without the fixtures' X-Forwarded-For (fixtures.ts), which Playwright gives every context: the
  // beacon would come from 127.0.0.1 and count as another visitor than the pages.
  const context = await browser.newContext({
    locale: "pt-BR",
    timezoneId: "America/Sao_Paulo",
    extraHTTPHeaders: {},
    ...options,
  });
  return { context, close: () => browser.close() };
}

/** A row of public.analytics_events, as the service role reads it. */
export interface StoredEvent {
  visitor: string;
  kind: "view" | "engagement" | "lead";
  page: string;
  path: string;
  channel: string;
  source: string | null;
  utm_campaign: string | null;
  view_id: string | null;
  engaged_ms: number | null;
  lcp: number | null;
  fcp: number | null;
  ttfb: number | null;
  cls: number | null;
  form: string | null;
}

/** Events matching a PostgREST filter ("path=eq./precos"), oldest first. */
export async function storedEvents(request: APIRequestContext, filter: string): Promise<StoredEvent[]> {
  const response = await request.get(`/rest/v1/analytics_events?select=*&${filter}&order=id`, {
    headers: serviceHeaders(),
  });
  if (!response.ok()) throw new Error(`analytics_events query failed: ${response.status()} ${await response.text()}`);
  return (await response.json()) as StoredEvent[];
}
