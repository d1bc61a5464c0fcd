import { describe, expect, it } from "vitest";
import { viewOrigin } from "./analytics-source";

const SITE = ["omnia.com.br"];
const at = (path: string, referrer: string | null = null) => viewOrigin(`https://omnia.com.br${path}`, referrer, SITE)!;

describe("viewOrigin", () => {
  it("keeps only campaign tags and click ids of the query, and drops trailing slashes", () => {
    const origin = at("/precos/?utm_source=newsletter&email=ana@empresa.example&utm_campaign=dezembro&gclid=abc&x=1");
    expect(origin.page).toBe("/precos");
    expect(origin.path).toBe("/precos?utm_source=newsletter&utm_campaign=dezembro&gclid=abc");
    expect(at("/").page).toBe("/");
  });

  it("names the source and channel of a campaign, a referrer, or neither", () => {
    expect(at("/?utm_source=newsletter&utm_campaign=dezembro")).toMatchObject({
      source: "newsletter",
      channel: "email",
      utmCampaign: "dezembro",
    });
    expect(at("/precos", "https://www.google.com.br/")).toMatchObject({
      source: "Google",
      channel: "search",
      referrerHost: "www.google.com.br",
      referrerPath: "/",
    });
    expect(at("/", "https://l.facebook.com/l.php?u=x")).toMatchObject({ source: "Facebook", channel: "social" });
    expect(at("/", "https://mail.google.com/mail/u/0/")).toMatchObject({ source: "Gmail", channel: "email" });
    expect(at("/", "https://www.parceiro.com.br/artigo?id=3")).toMatchObject({
      source: "parceiro.com.br",
      channel: "referral",
      referrerPath: "/artigo",
    });
    expect(at("/")).toMatchObject({ source: null, channel: "direct" });
  });

  it("calls a click id or a paid medium paid, whatever the referrer", () => {
    expect(at("/precos?gclid=Cj0K", "https://www.google.com/")).toMatchObject({
      channel: "paid",
      clickId: "gclid=Cj0K",
      source: "Google",
    });
    expect(at("/?utm_source=facebook&utm_medium=cpc")).toMatchObject({ channel: "paid", source: "facebook" });
    expect(at("/?utm_source=linkedin")).toMatchObject({ channel: "social" });
    expect(at("/?ref=producthunt")).toMatchObject({ channel: "referral", source: "producthunt" });
  });

  it("tells a link of the site itself apart, and keeps no referrer for it", () => {
    expect(at("/precos", "https://omnia.com.br/recursos")).toMatchObject({
      channel: "internal",
      referrerHost: null,
      source: null,
    });
  });

  it("cuts long tags and ignores what is not an http URL", () => {
    expect(at(`/?utm_campaign=${"x".repeat(500)}`).utmCampaign).toHaveLength(200);
    expect(viewOrigin("javascript:alert(1)", null, SITE)).toBeNull();
    expect(at("/", "android-app://com.google.android.gm/")).toMatchObject({ channel: "direct", referrerHost: null });
  });
});
