// The webhook's guard against server-side request forgery: literals refused at start, names
// checked on the address they resolve to at each delivery, nothing followed.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { checkWebhookUrl, deliverWebhook, isPublicAddress, WebhookRefused } from "./webhook.ts";

const SECRET = `whsec_${randomBytes(32).toString("base64")}`;
const EVENT = { id: "msg_1", type: "lead.created", timestamp: new Date(), data: {} };

describe("webhook targets", () => {
  it("tells public addresses from private, loopback, link-local and reserved ones", () => {
    const privateOnes = [
      "127.0.0.1",
      "10.1.2.3",
      "172.20.0.1",
      "192.168.0.10",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "::1",
      "fd00::1",
      "fe80::1",
      "::ffff:127.0.0.1",
    ];
    expect(privateOnes.filter((address) => isPublicAddress(address))).toEqual([]);
    const publicOnes = ["8.8.8.8", "1.1.1.1", "2606:4700:4700::1111"];
    expect(publicOnes.filter((address) => !isPublicAddress(address))).toEqual([]);
  });

  it("refuses at start what can never be a public https endpoint, with a one-line message", () => {
    expect(() => checkWebhookUrl("https://127.0.0.1/", false)).toThrow(/private or reserved address \(127\.0\.0\.1\)/);
    expect(() => checkWebhookUrl("http://169.254.169.254/latest/meta-data", false)).toThrow(/must use https/);
    expect(() => checkWebhookUrl("https://169.254.169.254/", false)).toThrow(WebhookRefused);
    expect(() => checkWebhookUrl("https://[::1]/", false)).toThrow(/private or reserved/);
    expect(() => checkWebhookUrl("https://user:pass@crm.example.com/", false)).toThrow(/credentials/);
    expect(() => checkWebhookUrl("not a url", false)).toThrow(/absolute https URL/);
    expect(checkWebhookUrl("https://crm.example.com/hooks", false).hostname).toBe("crm.example.com");
    // Development and tests: http and private addresses, when asked for.
    expect(checkWebhookUrl("http://127.0.0.1:9000/", true).port).toBe("9000");
  });

  it("refuses at delivery a host name that resolves to a private address", async () => {
    const target = { url: new URL("https://localhost:9/"), secret: SECRET, allowPrivate: false };
    await expect(deliverWebhook(target, EVENT)).rejects.toThrow(/resolves to a private or reserved address/);
  });
});
