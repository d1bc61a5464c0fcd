import { describe, expect, it } from "vitest";
import { adminCopy } from "~/content/admin";
import { activitySentence, type ActivityNames, type AuditEntry } from "./activity";

const labels = {
  statuses: adminCopy.messages.statuses,
  subjects: adminCopy.messages.subjects,
  settingsFields: adminCopy.settings.fields,
};
const ANA = "7f1c3a52-8d8e-4c57-9a55-1c2f4b5e6d70";
const LEAD = "0b6f1f8e-2f5d-4c7a-9e0d-5a4b3c2d1e0f";
const names: ActivityNames = { actors: { [ANA]: "Ana" }, leads: { [LEAD]: "Carla Mendes" } };

function entry(action: string, fields: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: 1,
    at: "2026-11-27T12:00:00Z",
    actor_id: ANA,
    actor_email: "ana@empresa.example",
    action,
    target: null,
    details: {},
    ip: "203.0.113.7",
    ...fields,
  };
}

const say = (row: AuditEntry, known: ActivityNames = names) => activitySentence(row, known, adminCopy.activity, labels);

describe("the activity log's filter", () => {
  it("labels the role events for every role, as their sentences name the role", () => {
    expect(adminCopy.activity.actions["role.granted"]).toBe("Função concedida");
    expect(adminCopy.activity.actions["role.revoked"]).toBe("Função removida");
    for (const label of Object.values(adminCopy.activity.actions)) {
      expect(label).not.toMatch(/administrador/i);
    }
  });
});

describe("the activity log's sentences", () => {
  it("names the lead and says its new status in pt-BR", () => {
    const changed = entry("lead.status_changed", { target: LEAD, details: { from: "new", to: "contacted" } });
    expect(say(changed)).toBe("Ana mudou o status do lead Carla Mendes para Em contato");
  });

  it("still reads when the lead is gone, and names the actor by e-mail without an author name", () => {
    const changed = entry("lead.status_changed", { target: LEAD, details: { from: "new", to: "won" } });
    expect(say(changed, { actors: {}, leads: {} })).toBe(
      "ana@empresa.example mudou o status de um lead já excluído para Ganho",
    );
    expect(say(entry("lead.deleted", { target: LEAD }))).toBe("Ana excluiu um lead");
  });

  it("names the post", () => {
    expect(say(entry("post.published", { target: "Atendimento no WhatsApp" }))).toBe(
      "Ana publicou o post “Atendimento no WhatsApp”",
    );
    expect(say(entry("post.deleted", { target: "Rascunho antigo" }))).toBe("Ana excluiu o post “Rascunho antigo”");
  });

  it("says an export's filters in pt-BR, not as raw keys", () => {
    const exported = entry("lead.exported", { details: { status: "contacted", search: "carla" } });
    expect(say(exported)).toBe("Ana exportou as mensagens filtradas por status Em contato e busca “carla”");
    expect(say(entry("lead.exported"))).toBe("Ana exportou as mensagens");
  });

  it("names the account, the colleague, the authenticator and the settings changed", () => {
    expect(say(entry("role.granted", { target: "bia@empresa.example" }))).toBe(
      "Ana deu acesso de administrador a bia@empresa.example",
    );
    expect(say(entry("member.invited", { details: { email: "caio@empresa.example" } }))).toBe(
      "Ana convidou caio@empresa.example para a equipe",
    );
    expect(say(entry("member.invited", { details: { email: "caio@empresa.example", role: "vendas" } }))).toBe(
      "Ana convidou caio@empresa.example para a equipe como vendas",
    );
    expect(say(entry("factor.enrolled", { target: "Celular" }))).toBe(
      "Ana ativou a verificação em duas etapas (Celular)",
    );
    expect(say(entry("settings.updated", { details: { fields: ["trade_name", "phone", "cnpj"] } }))).toBe(
      "Ana alterou as configurações do site: Nome fantasia, Telefone e CNPJ",
    );
  });

  it("names the role granted or revoked in pt-BR, from the entry's details", () => {
    const account = { target: "bia@empresa.example" };
    expect(say(entry("role.granted", { ...account, details: { user_id: ANA, role: "editor" } }))).toBe(
      "Ana deu acesso de editor a bia@empresa.example",
    );
    expect(say(entry("role.granted", { ...account, details: { role: "autor" } }))).toBe(
      "Ana deu acesso de autor a bia@empresa.example",
    );
    expect(say(entry("role.revoked", { ...account, details: { role: "vendas" } }))).toBe(
      "Ana removeu o acesso de vendas de bia@empresa.example",
    );
    expect(say(entry("role.revoked", { ...account, details: { role: "admin" } }))).toBe(
      "Ana removeu o acesso de administrador de bia@empresa.example",
    );
  });

  it("marks what an operator did from the command line, and keeps the system as the actor of its own work", () => {
    expect(say(entry("password.changed", { details: { via: "admin-api" } }))).toBe(
      "Ana alterou a senha (pela linha de comando)",
    );
    expect(say(entry("post.updated", { actor_id: null, actor_email: null, target: "Post" }))).toBe(
      "Sistema editou o post “Post”",
    );
  });
});
