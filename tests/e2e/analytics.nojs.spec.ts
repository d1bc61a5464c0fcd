import { expect, test } from "./fixtures";
import { launchVisitor, storedEvents } from "./support/analytics";
import { unique } from "./support/backend";
import { submitDemoForm } from "./support/lead-forms";
import { storedLeads, uniqueEmail } from "./support/leads";

// Visitors without JavaScript are counted by the `<noscript>` pixel (server/analytics/index.ts),
// its page taken from the Referer, and their leads still carry the campaign they came from: as
// first touch, and as last touch too, since following the site's links is no new arrival.

test("without JavaScript each page is counted by its pixel, and the lead keeps the campaign", async ({
  baseURL,
  request,
}) => {
  const campaign = `sem-js-${unique()}`;
  const landing = `/?utm_source=newsletter&utm_campaign=${campaign}`;
  const visitor = await launchVisitor({ baseURL, javaScriptEnabled: false });
  const page = await visitor.context.newPage();
  await page.goto(landing);
  await page.getByRole("banner").getByRole("link", { name: "Preços", exact: true }).first().click();
  await expect(page).toHaveURL("/precos");
  const email = uniqueEmail("analises-sem-js");
  await submitDemoForm(page.getByRole("region", { name: "Solicitar demonstração" }), {
    name: "Davi Sem Script",
    email,
  });
  await expect(page.getByRole("status")).toContainText("Pedido recebido!");

  let pages: string[] = [];
  await expect
    .poll(async () => {
      const [first] = await storedEvents(request, `path=eq.${encodeURIComponent(landing)}&kind=eq.view`);
      const events = first ? await storedEvents(request, `visitor=eq.${first.visitor}&kind=eq.view`) : [];
      pages = events.map((event) => event.page);
      return pages.slice(0, 2);
    })
    .toEqual(["/", "/precos"]);
  const [first] = await storedEvents(request, `path=eq.${encodeURIComponent(landing)}&kind=eq.view`);
  expect(first).toMatchObject({ channel: "email", source: "newsletter", utm_campaign: campaign });

  const [lead] = await storedLeads(request, email);
  expect(lead?.attribution).toMatchObject({
    first: { landing_page: "/", utm_source: "newsletter", utm_campaign: campaign, channel: "email" },
  });
  const touches = lead?.attribution as { first: unknown; last: unknown } | undefined;
  expect(touches?.last).toEqual(touches?.first);
  await visitor.close();
});
