// The lead webhook (docs/decisions/053-lead-delivery.md): a JSON POST signed by the Standard
// Webhooks specification (standardwebhooks.com) with the `standardwebhooks` package, so any
// receiver verifies it with a library in its own language and drops replays and duplicates by
// `webhook-id`, the same on every retry of one event.
//
// Server-side request forgery: the URL is the operator's, but a host name can be pointed at an
// internal address at any time. So every delivery resolves the name, refuses private, loopback,
// link-local (cloud metadata), shared and reserved addresses, and connects to the address it
// checked (no second lookup); redirects are not followed. LEADS_WEBHOOK_ALLOW_PRIVATE=1 lifts
// this for development and tests (and allows http).
import { lookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { BlockList, isIP } from "node:net";
import { Webhook } from "standardwebhooks";

/** Addresses a webhook may never reach unless private targets are allowed. */
const FORBIDDEN = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local: cloud metadata services
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const) {
  FORBIDDEN.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96], // NAT64
  ["100::", 64], // discard
  ["2001:db8::", 32], // documentation
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["ff00::", 8], // multicast
] as const) {
  FORBIDDEN.addSubnet(network, prefix, "ipv6");
}

/** Whether an address is a public one a webhook may reach. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  // An IPv4-mapped IPv6 address (::ffff:127.0.0.1) is judged as the IPv4 address it carries.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPublicAddress(mapped[1]!);
  return !FORBIDDEN.check(address, family === 4 ? "ipv4" : "ipv6");
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
