// A real SMTP server in this process (smtp-server on 127.0.0.1, a free port) that keeps every mail it
// receives, parsed with mailparser: tests see what a shopper's mail program would show.
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { createMailer } from '../../server/mail/mailer';

export interface SmtpCapture {
  url: string;
  received: ParsedMail[];
  /** Resolves when `count` mails have arrived (rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

export async function captureSmtp(): Promise<SmtpCapture> {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          received.push(parsed);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    async waitFor(count, timeoutMs = 5000) {
      const until = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > until) throw new Error(`${received.length} of ${count} mails arrived in ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The recipients of a parsed mail, as text. */
export const recipients = (mail: ParsedMail) =>
  (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).map((a) => a.text).join(', ');

/** The shop's mailer sending to `smtp` (nothing written to an outbox). */
export const mailerTo = (smtp: SmtpCapture) =>
  createMailer({ smtpUrl: smtp.url, outboxDir: '/nonexistent', from: 'Vitrine <shop@example.com>' });
