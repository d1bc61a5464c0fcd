import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

// /sobre: mission, vision, values, numbers and the team; a portrait that cannot load gives
// way to the person's initials (docs/product.md §4, avatar states).

test("mission, vision, four values, the numbers and a team of four with portraits", async ({ page }) => {
  await page.goto("/sobre");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { name: "Missão" })).toBeVisible();
  await expect(main.getByRole("heading", { name: "Visão" })).toBeVisible();
  await expect(main.getByRole("region", { name: "Nossos valores" }).getByRole("listitem")).toHaveCount(4);
  const numbers = main.getByRole("region", { name: "A Omnia em números" });
  for (const figure of ["500+", "clientes ativos", "10M+", "100+", "endpoints de API", "99,9%", "de uptime"]) {
    await expect(numbers).toContainText(figure);
  }
  const team = main.getByRole("region", { name: "Liderança" });
  for (const name of ["Mariana Alves", "Rafael Nogueira", "Camila Ribeiro", "Thiago Martins"]) {
    const portrait = team.getByRole("img", { name: `Retrato ilustrado de ${name}` });
    await expect(portrait).toBeVisible();
    const photo = portrait.locator("img");
    await expect(photo).toHaveAttribute("width", "160");
    await expect(photo).toHaveAttribute("height", "160");
    // The image really loaded.
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
  }
});

test.describe("a portrait that fails", () => {
  test.use({ allowedConsoleErrors: [/Failed to load resource/] });

  test("shows the person's initials instead, with no JavaScript involved", async ({ page }) => {
    await page.route("**/images/team/rafael-nogueira.svg", (route) => route.abort());
    await page.goto("/sobre");
    const team = page.getByRole("region", { name: "Liderança" });
    const fallback = team.getByRole("img", { name: "Retrato ilustrado de Rafael Nogueira" });
    await fallback.scrollIntoViewIfNeeded();
    await expect(fallback).toContainText("RN");
    const photo = fallback.locator("img");
    // decode() settles once the request has: it rejects for an image that cannot load.
    expect(
      await photo.evaluate((img: HTMLImageElement) =>
        img.decode().then(
          () => "loaded",
          () => "broken",
        ),
      ),
    ).toBe("broken");
    // The failed photo paints nothing over the initials: they show as much as with the <img>
    // taken out of the rendering.
    const shown = await inkPixels(page, await fallback.screenshot({ animations: "disabled" }));
    await photo.evaluate((img: HTMLImageElement) => (img.style.visibility = "hidden"));
    const alone = await inkPixels(page, await fallback.screenshot({ animations: "disabled" }));
    expect(alone).toBeGreaterThan(50);
    expect(shown).toBeGreaterThanOrEqual(alone * 0.95);
    // The others still show their pictures, over their initials.
    const other = team.getByRole("img", { name: "Retrato ilustrado de Mariana Alves" }).locator("img");
    await expect
      .poll(() => other.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
  });
});

/**
 * Pixels of the initials' colour (text-accent-foreground, #312e81) in a PNG screenshot, decoded
 * in the page (no files). Anything painted over the initials lowers the count; comparing counts
 * rather than bytes ignores anti-aliasing, which changes with compositing.
 */
async function inkPixels(page: Page, png: Buffer): Promise<number> {
  return page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: "image/png" }));
    const context = new OffscreenCanvas(bitmap.width, bitmap.height).getContext("2d");
    if (!context) throw new Error("no 2d context");
    context.drawImage(bitmap, 0, 0);
    const { data } = context.getImageData(0, 0, bitmap.width, bitmap.height);
    let count = 0;
    for (let index = 0; index < data.length; index += 4) {
      const distance =
        Math.abs(data[index]! - 0x31) + Math.abs(data[index + 1]! - 0x2e) + Math.abs(data[index + 2]! - 0x81);
      if (distance < 60) count += 1;
    }
    return count;
  }, png.toString("base64"));
}
