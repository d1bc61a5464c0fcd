// The account e-mails of the embedded auth service (server/backend/auth/email-links.ts), in
// pt-BR, as plain text and HTML: password recovery and a colleague's invitation. Each carries one
// link to the site's /auth/nova-senha page with the single-use token (supabase-js's
// `verifyOtp({ token_hash, type })` shape, so the same page works against hosted Supabase with
// its templates set as docs/backend.md says).
import { escapeHtml, layout, type SiteIdentity } from "./lead-templates.ts";
import type { MailMessage } from "./mailer.ts";

export type AccountLinkType = "recovery" | "invite";

export function accountLink(site: SiteIdentity, type: AccountLinkType, token: string): string {
  const url = new URL("/auth/nova-senha", site.url);
  url.searchParams.set("token_hash", token);
  url.searchParams.set("type", type);
  return url.toString();
}

function message(
  to: string,
  site: SiteIdentity,
  subject: string,
  lines: { intro: string; action: string; outro: string },
  link: string,
): MailMessage {
  const html = layout(
    site,
    subject,
    [
      `<p>${escapeHtml(lines.intro)}</p>`,
      `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;background:#2563eb;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(lines.action)}</a></p>`,
      `<p style="font-size:13px;color:#475569">${escapeHtml(link)}</p>`,
      `<p>${escapeHtml(lines.outro)}</p>`,
    ].join(""),
  );
  const text = [lines.intro, "", `${lines.action}: ${link}`, "", lines.outro, "", `${site.name} · ${site.url}`].join(
    "\n",
  );
  return { to, subject, text, html };
}

export function recoveryEmail(to: string, site: SiteIdentity, token: string): MailMessage {
  return message(
    to,
    site,
    `Redefinir sua senha — ${site.name}`,
    {
      intro: `Recebemos um pedido para redefinir a senha da sua conta ${site.name}.`,
      action: "Escolher uma nova senha",
      outro:
        "O link vale por 1 hora e pode ser usado uma única vez. Se você não pediu a redefinição, ignore este e-mail: sua senha continua a mesma.",
    },
    accountLink(site, "recovery", token),
  );
}

export function inviteEmail(to: string, site: SiteIdentity, token: string): MailMessage {
  return message(
    to,
    site,
    `Convite para a equipe ${site.name}`,
    {
      intro: `Você foi convidado(a) para a área administrativa do site ${site.name}.`,
      action: "Aceitar o convite e criar sua senha",
      outro: "O convite vale por 7 dias e pode ser usado uma única vez.",
    },
    accountLink(site, "invite", token),
  );
}
