import { expect, test } from "./fixtures";

// /sobre: mission, vision, values, numbers and the team; a portrait that cannot load gives
// way to the person's initials (docs/product.md §4, avatar states).

test("mission, vision, four values, the numbers and a team of four with portraits", async ({ page }) => {
  await page.goto("/sobre");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { name: "Missão" })).toBeVisible();
  await expect(main.getByRole("heading", { name: "Visão" })).toBeVisible();
  await expect(main.getByRole("region", { name: "Nossos valores" }).getByRole("listitem")).toHaveCount(4);
  await expect(main.getByRole("region", { name: "A Omnia em números" })).toContainText("500+");
  const team = main.getByRole("region", { name: "Liderança" });
  for (const name of ["Mariana Alves", "Rafael Nogueira", "Camila Ribeiro", "Thiago Martins"]) {
    const portrait = team.getByRole("img", { name: `Retrato ilustrado de ${name}` });
    await expect(portrait).toBeVisible();
    await expect(portrait).toHaveAttribute("width", "160");
    await expect(portrait).toHaveAttribute("height", "160");
    // The image really loaded.
    await expect
      .poll(() => portrait.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
  }
});

test.describe("a portrait that fails", () => {
  test.use({ allowedConsoleErrors: [/Failed to load resource/] });

  test("shows the person's initials instead", async ({ page }) => {
    await page.route("**/images/team/rafael-nogueira.svg", (route) => route.abort());
    await page.goto("/sobre");
    const team = page.getByRole("region", { name: "Liderança" });
    const fallback = team.getByRole("img", { name: "Retrato ilustrado de Rafael Nogueira" });
    await expect(fallback).toHaveText("RN");
    await expect(team.locator('img[src="/images/team/rafael-nogueira.svg"]')).toHaveCount(0);
    await expect(team.locator('[data-state="error"]')).toHaveCount(1);
    // The others still show their pictures.
    await expect(team.locator('img[src="/images/team/mariana-alves.svg"]')).toBeVisible();
  });
});
