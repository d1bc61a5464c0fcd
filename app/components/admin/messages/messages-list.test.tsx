import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TooltipProvider } from "~/components/ui/tooltip";
import { adminCopy } from "~/content/admin";
import type { ContactMessage, LeadDelivery } from "~/lib/blog-types";
import { stubTabStorage } from "../unsaved-work.testing";
import { MessagesList, type MessagesPagination } from "./messages-list";

const lead: ContactMessage = {
  id: "1",
  name: "Maria Silva",
  email: "maria@empresa.example",
  company: null,
  phone: null,
  subject: "demo",
  message: null,
  plan: null,
  page: "/contato",
  created_at: "2026-03-05T12:00:00Z",
  handled_at: null,
  status: "new",
  note: null,
  search_text: "maria silva maria@empresa.example ",
  attribution: null,
  attribution_source: null,
  attribution_campaign: null,
};

function render(
  pagination?: Partial<MessagesPagination>,
  deliveries: LeadDelivery[] = [],
  shown = lead,
  userId?: string,
) {
  return renderToStaticMarkup(
    <TooltipProvider>
      <MessagesList
        messages={[shown]}
        loading={false}
        failed={false}
        copy={adminCopy.messages}
        userId={userId}
        pagination={
          pagination && { page: 1, pageCount: 1, total: 1, busy: false, onPageChange: () => {}, ...pagination }
        }
        onStatusChange={() => {}}
        onSaveNote={() => {}}
        onDelete={() => {}}
        deliveries={{ [lead.id]: deliveries }}
        onResend={() => {}}
      />
    </TooltipProvider>,
  );
}

function button(html: string, name: string): string {
  return new RegExp(`<button[^>]*>(?:(?!</button>).)*${name}(?:(?!</button>).)*</button>`).exec(html)?.[0] ?? "";
}

describe("MessagesList pagination", () => {
  it("is not shown when every lead fits on one page", () => {
    expect(render({ page: 1, pageCount: 1, total: 12 })).not.toContain("<nav");
    expect(render()).not.toContain("<nav");
  });

  it("names the navigation and says which page of how many, with the total in pt-BR digits", () => {
    const html = render({ page: 2, pageCount: 2_000, total: 100_000 });
    expect(html).toContain('<nav aria-label="Paginação das mensagens"');
    expect(html).toContain("Página 2 de 2.000");
    expect(html).toContain(" · 100.000 mensagens");
    expect(html).toMatch(/aria-live="polite"[^>]*>Página 2 de 2.000</);
  });

  it("marks Anterior unavailable on the first page and Próxima on the last, keeping both focusable", () => {
    const first = render({ page: 1, pageCount: 3, total: 120 });
    expect(button(first, "Anterior")).toContain('aria-disabled="true"');
    expect(button(first, "Próxima")).not.toContain("aria-disabled=");
    const last = render({ page: 3, pageCount: 3, total: 120 });
    expect(button(last, "Próxima")).toContain('aria-disabled="true"');
    expect(button(last, "Anterior")).not.toContain("aria-disabled=");
    for (const html of [first, last]) expect(html).not.toMatch(/<button[^>]* disabled=""/);
  });

  it("marks the list busy while the next page loads", () => {
    expect(render({ page: 1, pageCount: 3, total: 120, busy: true })).toMatch(
      /<ul[^>]*aria-label="Mensagens recebidas"[^>]*aria-busy="true"/,
    );
  });
});

const delivery = (channel: string, status: string, extra: Partial<LeadDelivery> = {}): LeadDelivery => ({
  id: `${channel}-1`,
  lead_id: lead.id,
  channel,
  status,
  attempts: 1,
  last_error: null,
  sent_at: null,
  ...extra,
});

describe("MessagesList deliveries", () => {
  it("says how each channel went, in pt-BR, and offers Reenviar only for a failure, with its error", () => {
    const html = render(undefined, [
      delivery("confirmation", "sent"),
      delivery("email", "pending"),
      delivery("webhook", "failed", { attempts: 12, last_error: "the webhook answered 500" }),
    ]);
    expect(html).toContain('<div role="group" aria-label="Entregas da mensagem de Maria Silva"');
    expect(html).toMatch(/Confirmação ao visitante:<\/span><span[^>]*>enviado</);
    expect(html).toMatch(/E-mail para vendas:<\/span><span[^>]*>pendente</);
    expect(html).toMatch(/Webhook \(CRM\):<\/span><span[^>]*>falhou</);
    expect(html).toContain("(12 tentativas)");
    expect(html).toMatch(/<details[^>]*><summary[^>]*>Ver erro<\/summary><p[^>]*>the webhook answered 500</);
    expect(button(html, "Reenviar")).toContain('aria-label="Reenviar Webhook (CRM): mensagem de Maria Silva"');
    expect(html.match(/>Reenviar</g)).toHaveLength(1);
  });

  it("shows nothing about deliveries when none were configured", () => {
    expect(render()).not.toContain("Entregas");
  });
});

describe("MessagesList attribution", () => {
  const touch = {
    landing_page: "/precos",
    referrer: "www.google.com/",
    utm_source: null,
    utm_medium: null,
    utm_campaign: "black-friday",
    utm_term: null,
    utm_content: null,
    click_id: null,
    pages_before: 3,
    source: "Google",
    channel: "search",
  };

  it("says where the lead came from, and its last touch when another one", () => {
    const html = render(undefined, [], {
      ...lead,
      attribution: {
        first: touch,
        last: {
          ...touch,
          landing_page: "/contato",
          source: null,
          channel: "direct",
          utm_campaign: null,
          pages_before: 1,
        },
      },
    });
    expect(html).toContain("Google · campanha black-friday · entrou por /precos (3 páginas até o contato)");
    expect(html).toContain("Último toque:</dt><dd");
    expect(html).toContain("Direto · entrou por /contato");
  });

  it("shows one line when both touches are the same, and none for a lead stored before the analytics", () => {
    const once = render(undefined, [], { ...lead, attribution: { first: touch, last: touch } });
    expect(once).toContain("Aquisição:");
    expect(once).not.toContain("Último toque");
    expect(render()).not.toContain("Aquisição");
  });
});

/** The note's textarea. */
const note = (html: string) => /<textarea[^>]*>([^<]*)<\/textarea>/.exec(html)?.[0] ?? "";

describe("MessagesList unsaved notes", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("brings back the note this user was writing when the session ended, and says it is not saved", () => {
    stubTabStorage([["ana", `note:${lead.id}`, { base: "", value: "Pediu proposta para 40 agentes" }]]);
    const html = render(undefined, [], lead, "ana");
    expect(note(html)).toContain(">Pediu proposta para 40 agentes</textarea>");
    expect(note(html)).toMatch(/aria-describedby="[^"]+-hint"/);
    expect(html).toMatch(/<p id="[^"]+-hint"[^>]*>Nota não salva recuperada. Salve para mantê-la.<\/p>/);
  });

  it("shows the saved note, without a hint, to another user or without one", () => {
    stubTabStorage([["ana", `note:${lead.id}`, { base: "", value: "Pediu proposta para 40 agentes" }]]);
    for (const html of [
      render(undefined, [], { ...lead, note: "Salva" }, "bruno"),
      render(undefined, [], { ...lead, note: "Salva" }),
    ]) {
      expect(note(html)).toContain(">Salva</textarea>");
      expect(note(html)).not.toContain("aria-describedby");
      expect(html).not.toContain("Nota não salva");
    }
  });
});
