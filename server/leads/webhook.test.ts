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

  it("refuses 127.0.0.1 and private IPv4 hidden in IPv6 forms, and every special-purpose range", () => {
    const refused = [
      // 127.0.0.1 as IPv4-compatible, IPv4-translated, 6to4, NAT64 and Teredo (client and server).
      "::7f00:1",
      "::127.0.0.1",
      "::ffff:0:7f00:1",
      "::ffff:0:127.0.0.1",
      "2002:7f00:1::",
      "2002:a00:1::1", // 6to4 of 10.0.0.1
      "64:ff9b::7f00:1",
      "64:ff9b::a9fe:a9fe", // NAT64 of 169.254.169.254
      "2001:0:4136:e378:8000:63bf:80ff:fffe", // Teredo, client 127.0.0.1
      "2001:0:7f00:1:8000:63bf:f7f7:fefe", // Teredo, server 127.0.0.1
      "::ffff:a9fe:a9fe",
      "::ffff:10.0.0.1",
      // IPv4 special-purpose space.
      "255.255.255.255",
      "224.0.0.1",
      "240.0.0.1",
      "192.0.2.1",
      "198.18.0.1",
      "198.51.100.7",
      "203.0.113.9",
      "192.0.0.8",
      // IPv6 special-purpose space.
      "::",
      "::2",
      "fc00::1",
      "fec0::1",
      "ff02::1",
      "fe80::1%eth0",
      "100::1",
      "2001:db8::1",
      "2001:2::1",
      "2001:10::1",
      "3fff::1",
      "5f00::1",
      "64:ff9b:1::a00:1",
      "4000::1",
      // Not addresses at all.
      "localhost",
      "",
      "127.1",
    ];
    expect(refused.filter((address) => isPublicAddress(address))).toEqual([]);
    const allowed = [
      "::ffff:8.8.8.8",
      "::ffff:0:808:808",
      "2002:808:808::1",
      "64:ff9b::808:808",
      "2001:4860:4860::8888",
      "9.9.9.9",
    ];
    expect(allowed.filter((address) => !isPublicAddress(address))).toEqual([]);
    for (const literal of ["[::7f00:1]", "[::ffff:0:7f00:1]", "[2002:7f00:1::]"]) {
      expect(() => checkWebhookUrl(`https://${literal}/hook`, false)).toThrow(/private or reserved/);
    }
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
