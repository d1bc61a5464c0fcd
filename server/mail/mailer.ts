// Outgoing e-mail (docs/decisions/053-lead-delivery.md). With SMTP_URL, nodemailer sends through
// that server (e.g. smtps://user:pass@smtp.example.com:465). Without it (a fresh machine), the
// message goes to the development outbox instead: one readable block on the console and an
// .eml file under DATA_DIR/outbox, so a newcomer sees exactly what would have been sent.
import { randomUUID } from "node:crypto";
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import nodemailer from "nodemailer";

export interface MailMessage {
  to: string | string[];
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
}

export interface Mailer {
  /** Resolves once the SMTP server accepted the message (or the outbox holds it); rejects otherwise. */
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

export interface MailerOptions {
  /** SMTP_URL; undefined: the development outbox. */
  smtpUrl?: string;
  /** MAIL_FROM, e.g. `Omnia <no-reply@omnia.com.br>`. */
  from: string;
  /** Where the development outbox writes .eml files (DATA_DIR/outbox). */
  outboxDir: string;
  /** The console block of the development outbox; default console.log. */
  log?: (text: string) => void;
  /** Seconds an SMTP connection, greeting or command may take before the attempt fails (30). */
  timeoutSeconds?: number;
}

export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const timeout = (options.timeoutSeconds ?? 30) * 1000;
    const transport = nodemailer.createTransport({
      url: options.smtpUrl,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
    });
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
      async close() {
        transport.close();
      },
    };
  }

  // nodemailer builds the same RFC 5322 message it would send, and hands it back as bytes.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const log = options.log ?? ((text: string) => console.log(text));
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      mkdirSync(options.outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomUUID().slice(0, 8)}.eml`;
      // Written beside, then renamed: a reader of the outbox never sees half a message.
      const temporary = join(options.outboxDir, `.${name}.tmp`);
      writeFileSync(temporary, info.message as Buffer);
      renameSync(temporary, join(options.outboxDir, name));
      const to = Array.isArray(message.to) ? message.to.join(", ") : message.to;
      log(
        [
          "── E-mail (development outbox: SMTP_URL is not set) ──",
          `To: ${to}`,
          ...(message.replyTo ? [`Reply-To: ${message.replyTo}`] : []),
          `Subject: ${message.subject}`,
          "",
          message.text.trim(),
          `── Saved as ${join(options.outboxDir, name)} ──`,
        ].join("\n"),
      );
    },
    async close() {},
  };
}
