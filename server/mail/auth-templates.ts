// The account e-mails of the embedded auth service (server/backend/auth/email-links.ts and
// email-change.ts), in pt-BR, as plain text and HTML: password recovery, a colleague's invitation,
// the sign-up confirmation and the two confirmations of a change of address. Recovery and
// invitation links lead to the site's /auth/nova-senha page with the single-use token
// (supabase-js's `verifyOtp({ token_hash, type })` shape, so the same page works against hosted
// Supabase with its templates set as docs/backend.md says); the confirmations lead to GoTrue's
// GET /auth/v1/verify, which confirms and redirects to the site.
import { escapeHtml, layout, type SiteIdentity } from "./lead-templates.ts";
import type { MailMessage } from "./mailer.ts";

export type AccountLinkType = "recovery" | "invite";

/** GoTrue's confirmation link: GET /auth/v1/verify confirms, then redirects to `redirectTo` on the site. */
export function verifyLink(
  site: SiteIdentity,
  type: "signup" | "email_change",
  token: string,
  redirectTo: string,
): string {
  const url = new URL("/auth/v1/verify", site.url);
  url.searchParams.set("token", token);
  url.searchParams.set("type", type);
  url.searchParams.set("redirect_to", redirectTo);
  return url.toString();
}

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

export function signupConfirmationEmail(to: string, site: SiteIdentity, link: string): MailMessage {
  return message(
    to,
    site,
    `Confirme seu e-mail — ${site.name}`,
    {
      intro: `Recebemos um pedido para criar uma conta no site ${site.name} com este e-mail.`,
      action: "Confirmar e-mail",
      outro:
        "O link vale por 24 horas e pode ser usado uma única vez. Depois de confirmar, entre com seu e-mail e senha. Se você não pediu esta conta, ignore este e-mail: ela não será ativada.",
    },
    link,
  );
}

/** One of the two e-mails of a change of address: to the current one (`to === from`) or the new one. */
export function emailChangeEmail(
  to: string,
  site: SiteIdentity,
  change: { from: string; to: string },
  link: string,
): MailMessage {
  const toCurrent = to === change.from;
  return message(
    to,
    site,
    `Confirme a troca de e-mail — ${site.name}`,
    {
      intro: toCurrent
        ? `Recebemos um pedido para trocar o e-mail da sua conta ${site.name} de ${change.from} para ${change.to}.`
        : `Recebemos um pedido para usar este endereço na conta ${site.name} que hoje usa ${change.from}.`,
      action: "Confirmar a troca",
      outro:
        "A troca só acontece depois que os links enviados aos dois endereços forem abertos. O link vale por 24 horas. Se você não pediu a troca, não abra o link e altere sua senha.",
    },
    link,
  );
}
