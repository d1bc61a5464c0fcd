import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { adminCopy } from "~/content/admin";
import type { TeamMember } from "~/lib/admin/team";
import { teamMember } from "./team-member.testing";
import { RoleEditor } from "./team-panel";

const EMAIL = "bia@empresa.example";

const member = teamMember;

function render(shown: TeamMember, state: { busy?: boolean; saving?: boolean } = {}) {
  return renderToStaticMarkup(
    <RoleEditor
      member={shown}
      self={false}
      copy={adminCopy.team}
      busy={state.busy ?? false}
      saving={state.saving ?? false}
      onApply={async () => true}
    />,
  );
}

const tag = (html: string, name: string) => new RegExp(`<${name}[^>]*>`).exec(html)?.[0] ?? "";
const selected = (html: string) => /<option value="([^"]*)" selected="">/.exec(html)?.[1];

describe("RoleEditor", () => {
  it("shows the account's role, and an explicit button that waits until another is chosen", () => {
    const html = render(member({ role: "editor" }));
    expect(selected(html)).toBe("editor");
    const button = tag(html, "button");
    expect(button).toContain(`aria-label="Salvar função de ${EMAIL}"`);
    expect(button).toContain('aria-disabled="true"');
    expect(button).not.toMatch(/\sdisabled=/);
  });

  it("shows the role a pending invitation gives, not Sem acesso", () => {
    const html = render(member({ invited_at: "2026-03-05T12:00:00Z", accepted: false, invited_role: "autor" }));
    expect(selected(html)).toBe("autor");
  });

  it("never disables its controls while a change saves, so the focus stays on them", () => {
    const html = render(member({ role: "editor" }), { busy: true, saving: true });
    const select = tag(html, "select");
    expect(select).toContain(`aria-label="Função de ${EMAIL}"`);
    expect(select).toContain('aria-disabled="true"');
    expect(select).not.toMatch(/\sdisabled=/);
    const button = tag(html, "button");
    expect(button).toContain(`aria-label="Salvando função de ${EMAIL}"`);
    expect(button).toContain('aria-disabled="true"');
    expect(button).not.toMatch(/\sdisabled=/);
    expect(html).toContain("Salvando...");
  });
});
