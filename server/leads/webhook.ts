// The lead webhook (docs/decisions/053-lead-delivery.md): a JSON POST signed by the Standard
// Webhooks specification (standardwebhooks.com) with the `standardwebhooks` package, so any
// receiver verifies it with a library in its own language and drops replays and duplicates by
// `webhook-id`, the same on every retry of one event.
//
// Server-side request forgery: the URL is the operator's, but a host name can be pointed at an
// internal address at any time. So every delivery resolves the name, refuses every address that
// is not public unicast, and connects to the address it checked (no second lookup); redirects are
// not followed. LEADS_WEBHOOK_ALLOW_PRIVATE=1 lifts this for development and tests (and allows
// http).
import { lookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";
import { Webhook } from "standardwebhooks";

/** 2000::/3, the only IPv6 space allocated for global unicast (RFC 4291 §2.4). */
const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR("2000::/3");

/** The IPv4 address in two 16-bit groups of an IPv6 address. */
const v4 = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);

/**
 * The IPv4 addresses an IPv6 address stands for, when it is a transition form that routers or the
 * host's own stack may turn into IPv4 traffic: IPv4-mapped and -translated (::ffff:0:0/96), the
 * well-known NAT64 prefix (64:ff9b::/96), 6to4 (2002::/16, the address in bits 16-47) and Teredo
 * (2001::/32, the server in bits 32-63 and the client, inverted, in the last 32). Null otherwise.
 */
function carriedIpv4(address: ipaddr.IPv6): ipaddr.IPv4[] | null {
  const [, p1 = 0, p2 = 0, p3 = 0, , , p6 = 0, p7 = 0] = address.parts;
  switch (address.range()) {
    case "ipv4Mapped":
    case "rfc6145":
      return [v4(p6, p7)];
    case "rfc6052":
      // 64:ff9b:1::/48 is for a network's own translators: nothing public there.
      return p2 === 0 ? [v4(p6, p7)] : [];
    case "6to4":
      return [v4(p1, p2)];
    case "teredo":
      return [v4(p2, p3), v4(p6 ^ 0xffff, p7 ^ 0xffff)];
    default:
      return null;
  }
}

/**
 * Whether an address is a public one a webhook may reach. Ranges come from ipaddr.js (IANA's
 * special-purpose registries): IPv4 must be plain unicast, so loopback, private, carrier-grade
 * NAT, link-local (cloud metadata), documentation, benchmarking, multicast, broadcast and reserved
 * space are refused. IPv6 must be unicast inside 2000::/3, which leaves out loopback, unspecified,
 * IPv4-compatible (::a.b.c.d), unique-local, link-local, site-local and multicast; a transition
 * form is judged by every IPv4 address it carries, so ::ffff:127.0.0.1, ::ffff:0:7f00:1 and
 * 2002:7f00:1:: are refused like 127.0.0.1.
 */
export function isPublicAddress(address: string): boolean {
  if (isIP(address) === 0) return false;
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address);
  } catch {
    return false;
  }
  if (parsed.kind() === "ipv4") return parsed.range() === "unicast";
  const v6 = parsed as ipaddr.IPv6;
  const carried = carriedIpv4(v6);
  if (carried !== null) return carried.length > 0 && carried.every((inner) => inner.range() === "unicast");
  return v6.range() === "unicast" && v6.match(GLOBAL_UNICAST);
}

export class WebhookRefused extends Error {
  override name = "WebhookRefused";
}

/**
 * Checks a webhook URL when the server starts: https (or http with private targets allowed), and
 * an IP literal must be public. Host names are checked again at every delivery. The message is
 * for the operator, one line, naming the variable.
 */
export function checkWebhookUrl(raw: string, allowPrivate: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new WebhookRefused(`LEADS_WEBHOOK_URL must be an absolute https URL, got "${raw}".`);
  }
  if (url.protocol !== "https:" && !(allowPrivate && url.protocol === "http:")) {
    throw new WebhookRefused(
      `LEADS_WEBHOOK_URL must use https (http only with LEADS_WEBHOOK_ALLOW_PRIVATE=1), got "${url.protocol}".`,
    );
  }
  if (url.username || url.password) {
    throw new WebhookRefused("LEADS_WEBHOOK_URL must not carry credentials; the signature authenticates us.");
  }
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (!allowPrivate && isIP(host) && !isPublicAddress(host)) {
    throw new WebhookRefused(
      `LEADS_WEBHOOK_URL points at a private or reserved address (${host}); set LEADS_WEBHOOK_ALLOW_PRIVATE=1 only for development.`,
    );
  }
  return url;
}

export interface WebhookTarget {
  url: URL;
  /** LEADS_WEBHOOK_SECRET, in the `whsec_...` form. */
  secret: string;
  allowPrivate: boolean;
  /** Milliseconds before an attempt counts as failed (10 s). */
  timeoutMs?: number;
}

export interface WebhookEvent {
  /** Stable for one event: the same on every retry (the receiver's idempotency key). */
  id: string;
  type: string;
  timestamp: Date;
  data: unknown;
}

/** Resolves the target host and returns the address to connect to, refusing non-public ones. */
async function resolveTarget(url: URL, allowPrivate: boolean): Promise<{ address: string; family: number }> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true });
  const usable = allowPrivate ? addresses : addresses.filter((entry) => isPublicAddress(entry.address));
  if (usable.length === 0 || (!allowPrivate && usable.length !== addresses.length)) {
    throw new WebhookRefused(
      `the webhook host ${host} resolves to a private or reserved address (${addresses.map((a) => a.address).join(", ")}); refused`,
    );
  }
  return usable[0]!;
}

/** Sends one event; resolves on a 2xx answer, rejects with the reason otherwise. */
export async function deliverWebhook(target: WebhookTarget, event: WebhookEvent): Promise<void> {
  const body = JSON.stringify({ type: event.type, timestamp: event.timestamp.toISOString(), data: event.data });
  const headers = {
    "webhook-id": event.id,
    "webhook-timestamp": String(Math.floor(event.timestamp.getTime() / 1000)),
    "webhook-signature": new Webhook(target.secret).sign(event.id, event.timestamp, body),
  };
  const resolved = await resolveTarget(target.url, target.allowPrivate);
  const client = target.url.protocol === "https:" ? https : http;
  await new Promise<void>((done, fail) => {
    const request = client.request(
      target.url,
      {
        method: "POST",
        headers: {
          ...headers,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          "user-agent": "Omnia-Webhooks/1",
        },
        // Connect to the address just checked: no second lookup that could answer differently.
        lookup: (_host, options, callback) => {
          if ((options as { all?: boolean }).all) callback(null, [resolved] as never);
          else callback(null, resolved.address, resolved.family);
        },
        timeout: target.timeoutMs ?? 10_000,
      },
      (response) => {
        response.resume();
        const status = response.statusCode ?? 0;
        // Redirects are answers, not instructions: following one could lead anywhere.
        if (status >= 200 && status < 300) done();
        else fail(new Error(`the webhook answered ${status}`));
      },
    );
    request.on("timeout", () => request.destroy(new Error("the webhook did not answer in time")));
    request.on("error", fail);
    request.end(body);
  });
}
