// What a visitor's User-Agent tells the analytics: whether it is a bot (isbot, never counted),
// its device class, and its browser and OS families (ua-parser-js; docs/decisions/074-analytics-libraries.md).
// Parsing costs about 0.2 ms, and a site sees few distinct strings, so results are kept by string.
import { isbot } from "isbot";
import { LRUCache } from "lru-cache";
import { UAParser } from "ua-parser-js";

export interface UserAgentFacts {
  bot: boolean;
  device: "mobile" | "tablet" | "desktop";
  /** Family only ("Chrome", "Mobile Safari"), no version; null when unknown. */
  browser: string | null;
  os: string | null;
}

/** The longest User-Agent read; anything longer is a bot or an attack (browsers send ~150 bytes). */
const MAX_LENGTH = 512;
const FAMILY_MAX = 60;

const cache = new LRUCache<string, UserAgentFacts>({ max: 5_000 });

function family(name: string | undefined): string | null {
  const clean = (name ?? "").trim().slice(0, FAMILY_MAX);
  return clean === "" ? null : clean;
}

export function userAgentFacts(userAgent: string | null | undefined): UserAgentFacts {
  const ua = userAgent ?? "";
  const known = cache.get(ua);
  if (known) return known;
  let facts: UserAgentFacts;
  if (ua === "" || ua.length > MAX_LENGTH || isbot(ua)) {
    facts = { bot: true, device: "desktop", browser: null, os: null };
  } else {
    const result = new UAParser(ua).getResult();
    const type = result.device.type;
    facts = {
      bot: false,
      // Consoles, TVs and wearables are few on a B2B site: they join the desktop and phone rows.
      device: type === "tablet" ? "tablet" : type === "mobile" || type === "wearable" ? "mobile" : "desktop",
      browser: family(result.browser.name),
      os: family(result.os.name),
    };
  }
  cache.set(ua, facts);
  return facts;
}
