// Sends the shop's mail (order confirmation, abandoned-checkout recovery) with nodemailer. With an SMTP
// server (SMTP_URL, read by server/main.ts) each mail goes through it; without one, each mail is written
// as an .eml file to the outbox folder (DATA_DIR/outbox), so a demo shop shows what it would have sent
// and any mail program opens it.
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTransport } from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  /** The plain-text alternative, for mail programs that do not show HTML. */
  text: string;
  html: string;
  /** Where a reply goes (a contact message to the merchant: the shopper). */
  replyTo?: string;
  /** More headers (a newsletter's List-Unsubscribe and List-Unsubscribe-Post, RFC 8058). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export interface MailerOptions {
  /** e.g. smtp://user:pass@mail.example:587 (smtps:// for TLS from the start). */
  smtpUrl?: string;
  /** Where mail is written when there is no SMTP server. */
  outboxDir: string;
  /** The sender, e.g. `Vitrine <shop@example.com>`. */
  from: string;
}

/** `2026-05-01T10-20-30.123Z-a1b2c3`: sorts by time, and two mails in one millisecond never collide. */
function outboxName(now: Date): string {
  return `${now.toISOString().replace(/:/g, '-')}-${randomBytes(3).toString('hex')}.eml`;
}

export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const transport = createTransport(options.smtpUrl, { from: options.from });
    return {
      async send(mail) {
        await transport.sendMail(mail);
      },
    };
  }
  // The stream transport writes the whole message (headers, both alternatives) into a buffer.
  const transport = createTransport({ streamTransport: true, buffer: true }, { from: options.from });
  let outboxReady: Promise<unknown> | undefined;
  return {
    async send(mail) {
      const info = await transport.sendMail(mail);
      // Made once, on the first mail; a failure is tried again on the next one.
      outboxReady ??= mkdir(options.outboxDir, { recursive: true }).catch((error: unknown) => {
        outboxReady = undefined;
        throw error;
      });
      await outboxReady;
      await writeFile(join(options.outboxDir, outboxName(new Date())), info.message as Buffer);
    },
  };
}
