// What every render sees besides its request (app/lib/site-context.ts): the origin, the site's
// settings and the current year, kept in memory and handed to React Router for each render. The
// settings are read at start and again whenever the database announces a change to them (a
// trigger NOTIFYs `site_settings_changed`, which every instance LISTENs to; a hosted project,
// which the server cannot LISTEN to, is polled). The year is checked whenever values are asked
// for. When either changes, listeners hear it: the page cache drops its pages and the
// prerendered pages are rendered again (docs/decisions/076-site-settings-at-runtime.md).
import type { SiteContext } from "../../app/lib/site-context.ts";
import { PLACEHOLDER_SETTINGS, SETTINGS_FIELDS, type SiteSettings } from "../../app/lib/site-settings.ts";

/** The NOTIFY channel of site_settings changes (supabase/migrations/20260101001800_site_settings.sql). */
export const SITE_SETTINGS_CHANNEL = "site_settings_changed";

/** The footer's year is Brazil's: a page served at 22:00 on 31 December in São Paulo says that year. */
const YEAR = new Intl.DateTimeFormat("en-US", { timeZone: "America/Sao_Paulo", year: "numeric" });

export function yearAt(date: Date): number {
  return Number(YEAR.format(date));
}

export interface SiteStateOptions {
  /** SITE_URL, without a trailing slash. */
  origin: string;
  /** Reads the settings row; without it the placeholders stay (tests of other things). */
  read?: () => Promise<SiteSettings>;
  /** The clock; tests move it across New Year. */
  now?: () => Date;
  log?: (line: string) => void;
}

export class SiteState {
  private values: SiteContext;
  private readonly listeners: (() => void)[] = [];
  private readonly options: SiteStateOptions;
  // A reload under way, and whether another change arrived meanwhile (read again after it).
  private reloading: Promise<void> | null = null;
  private again = false;
  // A hosted project is polled every second: an outage is said once, not every second.
  private failing = false;
  // The year is formatted at most once a second: on every request it cost a few percent of
  // serving a stored page (docs/benchmarks.md).
  private yearCheckedAt = Number.NEGATIVE_INFINITY;

  constructor(options: SiteStateOptions) {
    this.options = options;
    this.values = Object.freeze({
      origin: options.origin,
      year: yearAt(this.now()),
      settings: PLACEHOLDER_SETTINGS,
    });
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  /**
   * The values to render with now. A new object whenever anything in it changed, so callers can
   * tell versions apart by identity; the year is checked at most a second apart, so the pages
   * asked for from a second after midnight on New Year's Eve get the new one.
   */
  current(): SiteContext {
    const now = this.now();
    if (Math.abs(now.getTime() - this.yearCheckedAt) < 1000) return this.values;
    this.yearCheckedAt = now.getTime();
    const year = yearAt(now);
    if (year !== this.values.year) this.replace({ ...this.values, year });
    return this.values;
  }

  /** Called after every change of the values (settings or year). */
  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  /**
   * Reads the settings again and, if they differ, makes them current and tells the listeners.
   * Calls during a read are folded into one more read after it, so the last change is never
   * missed. A failed read keeps the current values and says why.
   */
  reload(): Promise<void> {
    if (!this.options.read) return Promise.resolve();
    if (this.reloading) {
      this.again = true;
      return this.reloading;
    }
    const run = async () => {
      do {
        this.again = false;
        try {
          const settings = await this.options.read!();
          if (this.failing) this.options.log?.("Site settings: read again.");
          this.failing = false;
          if (!sameSettings(settings, this.values.settings)) this.replace({ ...this.current(), settings });
        } catch (error) {
          if (!this.failing) {
            this.options.log?.(
              `Site settings: could not read them (${error instanceof Error ? error.message : String(error)}); keeping the current ones.`,
            );
          }
          this.failing = true;
        }
      } while (this.again);
    };
    this.reloading = run().finally(() => {
      this.reloading = null;
    });
    return this.reloading;
  }

  private replace(values: SiteContext): void {
    this.values = Object.freeze(values);
    for (const listener of this.listeners) listener();
  }
}

function sameSettings(a: SiteSettings, b: SiteSettings): boolean {
  return SETTINGS_FIELDS.every((field) => a[field] === b[field]);
}

/** The columns the site shows, read with the service role through the REST API (embedded or hosted). */
export function restSettingsReader(access: {
  url: string;
  serviceRoleKey: string;
  fetch: typeof fetch;
}): () => Promise<SiteSettings> {
  const url = `${access.url.replace(/\/+$/, "")}/rest/v1/site_settings?select=${SETTINGS_FIELDS.join(",")}`;
  return async () => {
    const response = await access.fetch(url, {
      headers: {
        apikey: access.serviceRoleKey,
        authorization: `Bearer ${access.serviceRoleKey}`,
        // One row, as an object: PostgREST answers 406 when there is none.
        accept: "application/vnd.pgrst.object+json",
      },
      signal: AbortSignal.timeout(5_000),
    });
    if (!response.ok)
      throw new Error(`the REST API answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
    return (await response.json()) as SiteSettings;
  };
}
