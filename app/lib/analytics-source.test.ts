import { describe, expect, it } from "vitest";
import { KEPT_QUERY_KEYS, PATH_MAX, sentReferrer, sentUrl, sourceName, viewOrigin } from "./analytics-source";

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
    expect(at("/?utm_source=facebook&utm_medium=cpc")).toMatchObject({ channel: "paid", source: "Facebook" });
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

describe("viewOrigin, one name per source", () => {
  it("gives a campaign's source the name its site has as a referrer, whatever its case", () => {
    const spellings = ["google", "Google", "GOOGLE", " google "];
    expect(
      spellings.map((value) => {
        const { utmSource, source, channel } = at(`/?utm_source=${encodeURIComponent(value)}&utm_medium=cpc`);
        return { utmSource, source, channel };
      }),
    ).toEqual(spellings.map(() => ({ utmSource: "Google", source: "Google", channel: "paid" })));
    expect(at("/?utm_source=linkedin")).toMatchObject({ source: "LinkedIn", channel: "social" });
    expect(at("/?utm_source=LINKEDIN")).toMatchObject({ source: "LinkedIn", channel: "social" });
    expect(at("/?utm_source=yahoo").source).toBe("Yahoo!");
    expect(at("/?utm_source=yahoo_mail").source).toBe("Yahoo! Mail");
    expect(at("/?utm_source=gmail").source).toBe("Gmail");
    expect(at("/?utm_source=youtube").source).toBe("YouTube");
  });

  it("lower-cases any other source, and trims it; a campaign keeps its case", () => {
    expect(at("/?utm_source=Newsletter&utm_campaign=%20Black-Friday%20")).toMatchObject({
      utmSource: "newsletter",
      source: "newsletter",
      channel: "email",
      utmCampaign: "Black-Friday",
    });
    expect(at("/?ref=ProductHunt").source).toBe("producthunt");
    expect(at("/?utm_source=%20Parceiro%20ABC%20").source).toBe("parceiro abc");
    expect(sourceName("Yahoo! Mail")).toBe("Yahoo! Mail");
    expect(sourceName("parceiro.com.br")).toBe("parceiro.com.br");
  });
});

describe("viewOrigin, tag names in any case", () => {
  it("reads campaign tags and click ids whatever the case of their names", () => {
    expect(at("/precos?UTM_SOURCE=Google&UTM_MEDIUM=CPC&Utm_Campaign=Marca&GCLID=abc")).toMatchObject({
      path: "/precos?utm_source=Google&utm_medium=CPC&utm_campaign=Marca&gclid=abc",
      utmSource: "Google",
      utmMedium: "CPC",
      utmCampaign: "Marca",
      clickId: "gclid=abc",
      source: "Google",
      channel: "paid",
    });
    expect(at("/?UTM_SOURCE=Newsletter")).toMatchObject({ source: "newsletter", channel: "email" });
    // The first of two spellings wins, as the first of a repeated name does.
    expect(at("/?Utm_Source=a&utm_source=b").utmSource).toBe("a");
  });
});

/** A view counted by the no-script pixel: its referrer is unknown. */
const pixel = (path: string) => viewOrigin(`https://omnia.com.br${path}`, null, SITE, { referrerUnknown: true })!;

describe("viewOrigin, a view whose referrer is unknown (the no-script pixel)", () => {
  it("is no new arrival without campaign tags or a click id", () => {
    expect(pixel("/contato")).toMatchObject({ channel: "internal", source: null, referrerHost: null });
  });

  it("is a new arrival with them", () => {
    expect(pixel("/precos?utm_source=google&utm_medium=cpc&utm_campaign=marca")).toMatchObject({
      channel: "paid",
      source: "Google",
      utmCampaign: "marca",
    });
    expect(pixel("/?gclid=Cj0K")).toMatchObject({ channel: "paid", clickId: "gclid=Cj0K" });
    expect(pixel("/?utm_source=newsletter")).toMatchObject({ channel: "email", source: "newsletter" });
    expect(pixel("/?utm_campaign=q4")).toMatchObject({ channel: "direct", utmCampaign: "q4" });
  });
});

describe("the address the analytics script sends", () => {
  it("keeps the path and only the kept parameters (any case), each value cut", () => {
    const long = "x".repeat(1500);
    const sent = sentUrl("/precos", `?utm_source=google&email=ana%40empresa.example&utm_content=${long}&GCLID=abc`);
    expect(sent).toBe(`/precos?utm_source=google&utm_content=${"x".repeat(300)}&GCLID=abc`);
    expect(sentUrl("/", "")).toBe("/");
    expect(sentUrl("/", "?x=1")).toBe("/");
    // However many and long the tags, the address stays within what an event's body carries.
    const many = KEPT_QUERY_KEYS.map((key) => `${key}=${"é".repeat(100)}`).join("&");
    const bounded = sentUrl("/p", `?${many}`);
    expect(bounded.length).toBeLessThanOrEqual(PATH_MAX);
    expect(bounded).toMatch(/^\/p\?utm_source=(%C3%A9){100}&utm_medium=/);
  });

  it("keeps a referrer's site and path, never its query", () => {
    expect(sentReferrer(`https://omnia.com.br/precos?utm_content=${"x".repeat(1500)}#top`)).toBe(
      "https://omnia.com.br/precos",
    );
    expect(sentReferrer("https://www.google.com/")).toBe("https://www.google.com/");
    expect(sentReferrer("")).toBe("");
  });
});

describe("viewOrigin, long values", () => {
  it("keeps the stored path within its bound, whatever the tags' lengths", () => {
    const long = "ç".repeat(400);
    const origin = at(
      `/precos?utm_source=${long}&utm_medium=${long}&utm_campaign=${long}&utm_term=${long}&utm_content=${long}&gclid=${long}`,
    );
    expect(origin.path.length).toBeLessThanOrEqual(PATH_MAX);
    expect(origin.path.startsWith("/precos?utm_source=")).toBe(true);
    expect(origin.utmContent).toHaveLength(200);
  });
});
