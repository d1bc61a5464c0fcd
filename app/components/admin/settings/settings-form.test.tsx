import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { adminCopy } from "~/content/admin";
import type { StoredSettings } from "~/lib/admin/settings";
import { PLACEHOLDER_SETTINGS } from "~/lib/site-settings";
import { stubTabStorage } from "../unsaved-work.testing";
import { SettingsForm } from "./settings-form";

const stored: StoredSettings = { ...PLACEHOLDER_SETTINGS, updated_at: "2026-03-05T12:00:00Z" };

afterEach(() => {
  vi.unstubAllGlobals();
});

function render(userId = "ana") {
  return renderToStaticMarkup(
    <SettingsForm
      stored={stored}
      userId={userId}
      copy={adminCopy.settings}
      uploadProblems={adminCopy.dialog.upload.problems}
      saving={false}
      onSave={async () => ({ saved: true })}
      uploadImage={async () => ""}
    />,
  );
}

const ADDRESS = "Rua Nova, 10, São Paulo, SP";

/** The "Endereço" input's tag. */
const addressInput = (html: string) => /<input[^>]*name="address"[^>]*>/.exec(html)?.[0] ?? "";

describe("SettingsForm after a lost session", () => {
  it("opens with the edits this tab kept unsaved, says which, and offers to discard them", () => {
    stubTabStorage([["ana", "settings", { fields: { address: { base: stored.address, value: ADDRESS } } }]]);
    const html = render();
    expect(addressInput(html)).toContain(`value="${ADDRESS}"`);
    expect(html).toContain(
      "<output>Recuperamos alterações que você não tinha salvado: Endereço. Confira e salve para mantê-las.</output>",
    );
    expect(html).toMatch(/<button[^>]*type="button"[^>]*>Descartar alterações<\/button>/);
    // "Salvar configurações" is described by what saving will do.
    expect(html).toMatch(/aria-live="polite"[^>]*>Há alterações não salvas.</);
  });

  it("offers nothing of another account's edits, nor when the tab kept none", () => {
    stubTabStorage([["bruno", "settings", { fields: { address: { base: stored.address, value: ADDRESS } } }]]);
    const otherAccount = render("ana");
    stubTabStorage([]);
    for (const html of [otherAccount, render("ana")]) {
      expect(addressInput(html)).toContain(`value="${stored.address}"`);
      expect(html).not.toContain(ADDRESS);
      expect(html).not.toContain("Recuperamos");
      expect(html).not.toContain("Há alterações não salvas.");
    }
  });
});
