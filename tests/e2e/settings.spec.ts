import type { APIRequestContext, Browser, Page } from "@playwright/test";
import sharp from "sharp";
import { PLACEHOLDER_SETTINGS, formatPhone, whatsappLink } from "../../app/lib/site-settings.ts";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { createUser, holdImageUploads, runAdmin, signIn, unique } from "./support/backend";
import { expectNoAxeViolationsWithoutScripts } from "./support/leads";

// "Configurações" (issue #39): an admin changes the company's contacts and every page shows them
// within a second, prerendered or rendered per request, to a visitor without JavaScript. The
// settings are the whole site's: this file puts back what it changed, and changes only what no
// other spec reads (what the footer does without a social link: server/acceptance.test.ts).
const ADMIN_EMAIL = `config-e2e-${unique()}@omnia.example`;
const ADMIN_PASSWORD = "config-e2e-senha-1";

test.describe.configure({ mode: "serial" });

test.beforeAll(() => {
  createUser(ADMIN_EMAIL, ADMIN_PASSWORD, { admin: true });
});

/** The fields this file changes, as the migration seeded them, put back through the REST API. */
test.afterAll(async ({ playwright }) => {
  const anonKey = /^SUPABASE_ANON_KEY=(\S+)$/m.exec(runAdmin(["keys"]))?.[1] ?? "";
  const api = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const token = await api.post("/auth/v1/token?grant_type=password", {
    headers: { apikey: anonKey },
    data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
  });
  const { access_token: accessToken } = (await token.json()) as { access_token: string };
  const { phone, whatsapp, linkedin_url: linkedinUrl, cnpj, share_image: shareImage } = PLACEHOLDER_SETTINGS;
  const restored = await api.patch("/rest/v1/site_settings?id=eq.true", {
    headers: { apikey: anonKey, authorization: `Bearer ${accessToken}` },
    data: { phone, whatsapp, linkedin_url: linkedinUrl, cnpj, share_image: shareImage },
  });
  expect(restored.status()).toBe(204);
  await api.dispose();
});

/** A seeded post that no other spec deletes (the oldest on /blog). */
async function seededPost(request: APIRequestContext): Promise<string> {
  const blog = await (await request.get("/blog")).text();
  const post = [...blog.matchAll(/href="(\/blog\/[^"/?#]+)"/g)].map((match) => match[1]).at(-1);
  if (!post) throw new Error("no post linked from /blog");
  return post;
}

/** A field of the settings form, by its label alone. */
function field(page: Page, label: string) {
  return page.getByRole("tabpanel").getByLabel(label, { exact: true });
}

async function openSettings(page: Page) {
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD, { expectedPath: "/admin" });
  await page.getByRole("tab", { name: "Configurações" }).click();
  await expect(page.getByRole("group", { name: "Empresa" })).toBeVisible();
  await expect(field(page, "Nome fantasia")).toHaveValue("Omnia");
}

/** Saves the form; resolves with when the database had the change (the PATCH's answer). */
async function save(page: Page): Promise<number> {
  const patched = page.waitForResponse(
    (response) => response.url().includes("/rest/v1/site_settings") && response.request().method() === "PATCH",
  );
  await page.getByRole("button", { name: "Salvar configurações" }).click();
  expect((await patched).status()).toBe(200);
  const at = Date.now();
  await expect(page.getByRole("region", { name: /Notifications/ })).toContainText("Configurações salvas");
  // Busy while it saved, never disabled: the focus stayed on the button (a keyboard user's place).
  await expect(page.getByRole("button", { name: "Salvar configurações" })).toBeFocused();
  return at;
}

/** Polls the pages over plain HTTP (what a browser without JavaScript gets) until each holds its texts. */
async function msUntilShown(request: APIRequestContext, since: number, expected: Record<string, string[]>) {
  const deadline = since + 10_000;
  for (;;) {
    const pages = await Promise.all(
      Object.entries(expected).map(async ([url, texts]) => {
        const html = await (await request.get(url)).text();
        return texts.every((text) => html.includes(text));
      }),
    );
    if (pages.every(Boolean)) return Date.now() - since;
    if (Date.now() > deadline) throw new Error(`the pages did not show ${JSON.stringify(expected)} within 10 s`);
  }
}

/** A visitor without JavaScript on a 360-pixel phone. */
async function phoneVisitor(browser: Browser) {
  return browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
}

const htmlHref = (href: string) => href.replaceAll("&", "&amp;");

test("an admin's new phone, WhatsApp and LinkedIn are on every page within a second, without JavaScript", async ({
  page,
  browser,
  request,
}) => {
  // About 40 s alone (a sign-in, axe on four pages); more beside the other worker's specs.
  test.setTimeout(120_000);
  const post = await seededPost(request);
  const stamp = unique();
  const linkedin = `https://www.linkedin.com/company/empresa-${stamp}`;
  const phone = "+551134567890";
  const whatsapp = "+5511987654321";

  await openSettings(page);
  await expectNoAxeViolations(page);

  // The form checks what the database checks, and says it under the field.
  await field(page, "CNPJ").fill("11.222.333/0001-82");
  await field(page, "WhatsApp").fill("11 98765-4321");
  await page.getByRole("button", { name: "Salvar configurações" }).click();
  await expect(field(page, "CNPJ")).toBeFocused();
  await expect(
    page.getByText("CNPJ inválido: confira os números, os dígitos verificadores não conferem."),
  ).toBeVisible();
  await expect(page.getByText("Use o formato internacional, com + e o código do país")).toBeVisible();
  await expect(field(page, "CNPJ")).toHaveAttribute("aria-invalid", "true");

  await field(page, "CNPJ").fill("11.222.333/0001-81");
  await field(page, "Telefone").fill("+55 11 3456-7890");
  await field(page, "WhatsApp").fill("+55 11 98765-4321");
  await field(page, "LinkedIn").fill(linkedin);
  const savedAt = await save(page);

  const waOn = (path: string) =>
    htmlHref(whatsappLink({ whatsapp, whatsapp_message: PLACEHOLDER_SETTINGS.whatsapp_message }, path));
  const footer = [`href="${linkedin}"`, "Omnia Tecnologia Ltda. · CNPJ 11.222.333/0001-81."];
  const ms = await msUntilShown(request, savedAt, {
    "/": [waOn("/"), ...footer],
    "/contato": [formatPhone(phone), formatPhone(whatsapp), waOn("/contato"), ...footer],
    [post]: [waOn(post), ...footer],
  });
  console.log(`settings: new values on /, /contato and ${post} ${ms} ms after the save`);
  expect(ms).toBeLessThan(1_000);
  // The form now holds what was stored: the numbers and the CNPJ without punctuation.
  await expect(field(page, "Telefone")).toHaveValue(phone);
  await expect(field(page, "CNPJ")).toHaveValue("11222333000181");

  const visitorContext = await phoneVisitor(browser);
  const visitor = await visitorContext.newPage();
  try {
    for (const path of ["/", "/contato", post]) {
      await visitor.goto(path);
      const chat = visitor.getByRole("banner").getByRole("link", { name: "Conversar no WhatsApp", exact: true });
      await expect(chat).toHaveAttribute(
        "href",
        whatsappLink({ whatsapp, whatsapp_message: PLACEHOLDER_SETTINGS.whatsapp_message }, path),
      );
      await expect(chat).toHaveAttribute("target", "_blank");
      const footerLink = visitor
        .getByRole("contentinfo")
        .getByRole("link", { name: "Omnia no LinkedIn (abre em nova aba)" });
      await expect(footerLink).toHaveAttribute("href", linkedin);
      await expect(visitor.getByRole("contentinfo")).toContainText(
        `© ${new Date().getFullYear()} Omnia Tecnologia Ltda. · CNPJ 11.222.333/0001-81. Todos os direitos reservados.`,
      );
      // It fits the phone, and covers nothing: no other control shares its box, and it is on top.
      expect(
        await visitor.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
        path,
      ).toBeLessThanOrEqual(0);
      expect(await overlapsOfChatLink(visitor), path).toEqual([]);
      await expectNoAxeViolationsWithoutScripts(visitor);
    }
    await visitor.goto("/contato");
    const main = visitor.getByRole("main");
    await expect(main.getByRole("link", { name: formatPhone(phone) })).toHaveAttribute("href", `tel:${phone}`);
    await expect(main.getByRole("link", { name: formatPhone(whatsapp) })).toHaveAttribute(
      "href",
      whatsappLink({ whatsapp, whatsapp_message: PLACEHOLDER_SETTINGS.whatsapp_message }, "/contato"),
    );
  } finally {
    await visitorContext.close();
  }
});

test("without a WhatsApp number no page offers the chat", async ({ page, browser, request }) => {
  test.setTimeout(60_000);
  const post = await seededPost(request);
  await openSettings(page);
  await field(page, "WhatsApp").fill("");
  await save(page);
  const visitorContext = await phoneVisitor(browser);
  const visitor = await visitorContext.newPage();
  try {
    await expect
      .poll(async () => {
        await visitor.goto("/contato");
        return visitor.getByRole("link", { name: "Conversar no WhatsApp" }).count();
      })
      .toBe(0);
    await expect(visitor.getByRole("main").getByRole("heading", { name: "WhatsApp" })).toHaveCount(0);
    for (const path of ["/", post]) {
      await visitor.goto(path);
      await expect(visitor.getByRole("banner").getByRole("link", { name: /página inicial/ })).toBeVisible();
      await expect(visitor.getByRole("link", { name: "Conversar no WhatsApp" })).toHaveCount(0);
    }
  } finally {
    await visitorContext.close();
  }
});

test("a sharing image uploaded in the settings is the link preview of pages without their own", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#0b7a55" } })
    .png()
    .toBuffer();
  await openSettings(page);
  const uploads = await holdImageUploads(page);
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Escolher imagem" }).click();
  await (await chooser).setFiles({ name: "compartilhar.png", mimeType: "image/png", buffer: png });
  await expect(page.getByRole("img", { name: "Pré-visualização da imagem de compartilhamento" })).toBeVisible();
  // Saving waits for the upload: the image's URL is not in the form until it ends.
  await uploads.held;
  const saveButton = page.getByRole("button", { name: "Salvar configurações" });
  await expect(saveButton).toBeDisabled();
  await expect(saveButton).toHaveAccessibleDescription("Aguarde o envio da imagem terminar para salvar.");
  await field(page, "Nome fantasia").press("Enter");
  uploads.release();
  // Uploaded through Storage, into the images bucket's folder for the site.
  const image = field(page, "Imagem de compartilhamento padrão");
  await expect(image).toHaveValue(/^\/storage\/v1\/object\/public\/blog-images\/site\/[0-9a-f-]{36}-64x48\.png$/);
  const name = /site\/([0-9a-f-]{36})-64x48\.png$/.exec(await image.inputValue())?.[1] ?? "";
  await save(page);
  await expect
    .poll(
      async () => /<meta property="og:image" content="([^"]+)"/.exec(await (await request.get("/precos")).text())?.[1],
    )
    .toContain(name);
});

/**
 * What the click-to-chat link overlaps at the top of the page (nothing: it has a place of its
 * own), and whether anything is drawn over it there or at the page's end.
 */
async function overlapsOfChatLink(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const position of ["top", "bottom"] as const) {
    await page.evaluate((where) => window.scrollTo(0, where === "top" ? 0 : document.body.scrollHeight), position);
    found.push(
      ...(await page.evaluate((where) => {
        const chat = document.querySelector<HTMLAnchorElement>('header a[aria-label="Conversar no WhatsApp"]');
        if (!chat) return [`${where}: no chat link`];
        const box = chat.getBoundingClientRect();
        const problems: string[] = [];
        const centre = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        if (!centre || !chat.contains(centre)) problems.push(`${where}: covered by ${centre?.outerHTML.slice(0, 80)}`);
        // Scrolled, the page passes under the sticky header (as under any sticky header); at the
        // top nothing may share the link's box.
        if (where === "bottom") return problems;
        for (const element of document.querySelectorAll("a, button, input, select, textarea, h1, h2, h3, p, li")) {
          if (element === chat || chat.contains(element) || element.contains(chat)) continue;
          const other = element.getBoundingClientRect();
          const overlaps =
            other.width > 0 &&
            other.height > 0 &&
            other.left < box.right &&
            other.right > box.left &&
            other.top < box.bottom &&
            other.bottom > box.top;
          if (overlaps) problems.push(`${where}: ${element.outerHTML.slice(0, 80)}`);
        }
        return problems;
      }, position)),
    );
  }
  return found;
}
