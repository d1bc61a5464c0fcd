// Test helpers for e-mail: a real SMTP server (smtp-server) that parses what it receives
// (mailparser), and a poll-with-deadline for "until the message arrives" without sleeps.
import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

/** An SMTP server on `port` (0: any free port) that can be stopped and started again (an outage). */
export function smtpSink(port = 0) {
  const mails: ParsedMail[] = [];
  let server: SMTPServer | null = null;
  let boundPort = port;
  return {
    mails,
    /** smtp://127.0.0.1:<port>, once started. */
    get url() {
      return `smtp://127.0.0.1:${boundPort}`;
    },
    get port() {
      return boundPort;
    },
    async start() {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ["STARTTLS"],
        logger: false,
        onData(stream, _session, callback) {
          simpleParser(stream).then(
            (mail) => {
              mails.push(mail);
              callback();
            },
            (error: Error) => callback(error),
          );
        },
      });
      await new Promise<void>((done) => server!.listen(boundPort, "127.0.0.1", done));
      boundPort = (server.server.address() as AddressInfo).port;
    },
    async stop() {
      await new Promise<void>((done) => server?.close(() => done()) ?? done());
      server = null;
    },
  };
}

/** Polls `probe` until it returns something truthy, or fails after `timeoutMs`. */
export async function until<T>(what: string, probe: () => T | Promise<T>, timeoutMs = 20_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 50));
  }
}
