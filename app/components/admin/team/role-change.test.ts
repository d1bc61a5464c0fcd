import { describe, expect, it } from "vitest";
import { adminCopy } from "~/content/admin";
import { teamMember } from "./team-member.testing";
import { roleChangeDone, roleQuestion, roleSlot, type RoleChange } from "./role-change";

const copy = adminCopy.team;

const member = teamMember;

const change = (fields: Partial<RoleChange>): RoleChange => ({
  target: "member",
  userId: "u1",
  email: "bia@empresa.example",
  self: false,
  from: "editor",
  to: "autor",
  ...fields,
});

describe("roleSlot", () => {
  it("shows an account's role, and changes it in user_roles", () => {
    expect(roleSlot(member({ role: "editor" }))).toEqual({ target: "member", role: "editor" });
    expect(roleSlot(member({}))).toEqual({ target: "member", role: null });
  });

  it("shows a pending invitation's role, and changes the invitation (set_invited_role)", () => {
    const invited = { invited_at: "2026-03-05T12:00:00Z", accepted: false };
    expect(roleSlot(member({ ...invited, invited_role: "autor" }))).toEqual({ target: "invitation", role: "autor" });
    expect(roleSlot(member({ ...invited }))).toEqual({ target: "invitation", role: null });
    // A role already given by hand is the account's own, invitation or not.
    expect(roleSlot(member({ ...invited, role: "vendas" }))).toEqual({ target: "member", role: "vendas" });
  });

  it("treats an accepted invitation as the account it became", () => {
    const accepted = { invited_at: "2026-03-05T12:00:00Z", accepted: true };
    expect(roleSlot(member({ ...accepted, role: "vendas" }))).toEqual({ target: "member", role: "vendas" });
    expect(roleSlot(member({ ...accepted }))).toEqual({ target: "member", role: null });
  });
});

describe("roleQuestion", () => {
  it("asks before making an admin, removing access or leaving admin, with the safe answer first", () => {
    expect(roleQuestion(copy, change({ to: "admin" }))?.title).toBe("Tornar bia@empresa.example administrador?");
    expect(roleQuestion(copy, change({ to: null }))?.action).toBe("Remover acesso");
    expect(roleQuestion(copy, change({ from: "admin", to: "editor" }))?.title).toBe(
      "Remover o acesso de administrador de bia@empresa.example?",
    );
    expect(copy.confirm.cancel).toBe("Cancelar");
  });

  it("speaks to you about your own role", () => {
    expect(roleQuestion(copy, change({ self: true, from: "admin", to: "editor" }))).toEqual({
      title: "Deixar de ser administrador?",
      description: "Sua função passa a ser Editor: você deixa de ver Equipe, Atividade e Configurações.",
      action: "Mudar para Editor",
    });
    expect(roleQuestion(copy, change({ self: true, from: "admin", to: null }))?.action).toBe("Remover meu acesso");
  });

  it("asks about an invitation that would give admin, or nothing", () => {
    const invitation = { target: "invitation" as const, from: "autor" as const };
    expect(roleQuestion(copy, change({ ...invitation, to: "admin" }))?.action).toBe("Convidar como administrador");
    expect(roleQuestion(copy, change({ ...invitation, to: null }))?.action).toBe("Convidar sem acesso");
    expect(roleQuestion(copy, change({ ...invitation, to: "vendas" }))).toBeNull();
  });

  it("applies the other changes without asking", () => {
    expect(roleQuestion(copy, change({ from: "editor", to: "autor" }))).toBeNull();
    expect(roleQuestion(copy, change({ from: null, to: "vendas" }))).toBeNull();
  });
});

describe("roleChangeDone", () => {
  it("names the colleague", () => {
    expect(roleChangeDone(copy, change({ to: "admin" }))).toEqual({
      title: "Acesso concedido",
      description: "bia@empresa.example agora tem a função Administrador.",
    });
    expect(roleChangeDone(copy, change({ to: null })).description).toBe(
      "bia@empresa.example não tem mais acesso ao painel.",
    );
  });

  it("speaks to you about your own role", () => {
    expect(roleChangeDone(copy, change({ self: true, from: "admin", to: "editor" })).description).toBe(
      "Sua função agora é Editor.",
    );
    expect(roleChangeDone(copy, change({ self: true, from: "admin", to: null })).description).toBe(
      "Você não tem mais acesso ao painel.",
    );
  });

  it("says what a changed invitation gives", () => {
    expect(roleChangeDone(copy, change({ target: "invitation", to: "vendas" }))).toEqual({
      title: "Convite atualizado",
      description: "Ao aceitar o convite, bia@empresa.example entra como Vendas.",
    });
    expect(roleChangeDone(copy, change({ target: "invitation", to: null })).description).toBe(
      "Ao aceitar o convite, bia@empresa.example entra sem acesso ao painel.",
    );
  });
});
