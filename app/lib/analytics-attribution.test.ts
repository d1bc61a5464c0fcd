import { describe, expect, it } from "vitest";
import { attributionFromOrigin, attributionFromViews, type AttributionView } from "./analytics-attribution";
import { viewColumns, viewOrigin } from "./analytics-source";

const view = (page: string, extra: Partial<AttributionView> = {}): AttributionView => ({
  page,
  referrer_host: null,
  referrer_path: null,
  utm_source: null,
  utm_medium: null,
  utm_campaign: null,
  utm_term: null,
  utm_content: null,
  click_id: null,
  source: null,
  channel: "internal",
  ...extra,
});

/** A view counted by the no-script pixel: its referrer is unknown. */
const pixel = (path: string) =>
  viewColumns(viewOrigin(`https://omnia.com.br${path}`, null, ["omnia.com.br"], { referrerUnknown: true })!);

describe("a lead's attribution", () => {
  it("is the day's first view, and the last arrival from outside with the pages since", () => {
    const views = [
      view("/", { channel: "email", source: "newsletter", utm_source: "newsletter", utm_campaign: "dezembro" }),
      view("/recursos"),
      view("/precos", {
        channel: "search",
        source: "Google",
        referrer_host: "www.google.com",
        referrer_path: "/",
      }),
      view("/contato"),
    ];
    expect(attributionFromViews(views)).toEqual({
      first: {
        landing_page: "/",
        referrer: null,
        utm_source: "newsletter",
        utm_medium: null,
        utm_campaign: "dezembro",
        utm_term: null,
        utm_content: null,
        click_id: null,
        pages_before: 4,
        source: "newsletter",
        channel: "email",
      },
      last: expect.objectContaining({
        landing_page: "/precos",
        referrer: "www.google.com/",
        source: "Google",
        channel: "search",
        pages_before: 2,
      }),
    });
  });

  it("is the first touch twice when the visitor only moved inside the site", () => {
    const attribution = attributionFromViews([view("/", { channel: "direct" }), view("/precos")]);
    expect(attribution?.last).toEqual(attribution?.first);
    expect(attribution?.first).toMatchObject({ landing_page: "/", channel: "direct", pages_before: 2 });
  });

  it("counts a visit that began before midnight (a link of the site first) as direct", () => {
    expect(attributionFromViews([view("/precos")])?.first).toMatchObject({ channel: "direct", source: null });
  });

  it("takes no new touch from a view whose referrer is unknown (the no-script pixel) without tags", () => {
    const attribution = attributionFromViews([
      pixel("/precos?utm_source=google&utm_medium=cpc&utm_campaign=marca"),
      pixel("/contato"),
    ]);
    expect(attribution?.first).toMatchObject({
      landing_page: "/precos",
      source: "Google",
      channel: "paid",
      utm_campaign: "marca",
      pages_before: 2,
    });
    expect(attribution?.last).toEqual(attribution?.first);
    // A later view with campaign tags or a click id is a new arrival, pixel or not.
    const again = attributionFromViews([pixel("/"), pixel("/contato"), pixel("/precos?gclid=Cj0K"), pixel("/contato")]);
    expect(again?.first).toMatchObject({ landing_page: "/", channel: "direct", source: null, pages_before: 4 });
    expect(again?.last).toMatchObject({ landing_page: "/precos", channel: "paid", pages_before: 2 });
  });

  it("is nothing without views, and the form's own page without them", () => {
    expect(attributionFromViews([])).toBeNull();
    const origin = viewOrigin("https://omnia.com.br/precos?utm_source=parceiro&utm_campaign=q4", null, [
      "omnia.com.br",
    ])!;
    expect(attributionFromOrigin(origin)).toEqual({
      first: expect.objectContaining({
        landing_page: "/precos",
        utm_source: "parceiro",
        utm_campaign: "q4",
        channel: "referral",
        pages_before: 1,
      }),
      last: expect.objectContaining({ landing_page: "/precos" }),
    });
  });
});
