// The mailer against a real SMTP server started in this process (test-support/server/smtp-capture.ts),
// each received mail parsed with mailparser; and the outbox mode, whose .eml files parse the same way.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureSmtp, type SmtpCapture } from '../../test-support/server/smtp-capture';
import { createMailer } from './mailer';

const mail = {
  to: 'ana@example.com',
  subject: 'Order VG-10042 confirmed',
  text: 'Thank you, Ana. Total: $42.00',
  html: '<p>Thank you, Ana. Total: <strong>$42.00</strong></p>',
};

const addressOf = (field: ParsedMail['to']) => (Array.isArray(field) ? field.map((a) => a.text).join(', ') : field?.text);

describe('createMailer with an SMTP server', () => {
  let smtp: SmtpCapture;
  beforeAll(async () => {
    smtp = await captureSmtp();
  });
  afterAll(() => smtp.close());

  it('delivers the mail with its subject, sender, recipient, plain text and HTML', async () => {
    const mailer = createMailer({
      smtpUrl: smtp.url,
      outboxDir: '/nonexistent',
      from: 'Vitrine <shop@example.com>',
    });
    await mailer.send(mail);
    expect(smtp.received).toHaveLength(1);
    const [got] = smtp.received;
    expect(got!.subject).toBe('Order VG-10042 confirmed');
    expect(addressOf(got!.to)).toBe('ana@example.com');
    expect(got!.from?.value).toEqual([{ name: 'Vitrine', address: 'shop@example.com' }]);
    expect(got!.text?.trim()).toBe('Thank you, Ana. Total: $42.00');
    expect(got!.html).toContain('<strong>$42.00</strong>');
  });

  it('rejects when the server cannot be reached, so the caller can log it', async () => {
    const mailer = createMailer({ smtpUrl: 'smtp://127.0.0.1:1', outboxDir: '/nonexistent', from: 'shop@example.com' });
    await expect(mailer.send(mail)).rejects.toThrow();
  });
});

describe('createMailer without an SMTP server', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'vitrine-outbox-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('writes each mail as an .eml file to the outbox folder (made when missing), named by time', async () => {
    const outboxDir = join(dir, 'outbox');
    const mailer = createMailer({ outboxDir, from: 'Vitrine <shop@example.com>' });
    await mailer.send(mail);
    await mailer.send({ ...mail, to: 'bo@example.com' });
    const files = (await readdir(outboxDir)).sort();
    expect(files).toHaveLength(2);
    for (const file of files) expect(file).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z-[0-9a-f]{6}\.eml$/);
    const parsed = await Promise.all(files.map(async (f) => simpleParser(await readFile(join(outboxDir, f)))));
    expect(parsed.map((p) => addressOf(p.to)).sort()).toEqual(['ana@example.com', 'bo@example.com']);
    expect(parsed[0]!.subject).toBe('Order VG-10042 confirmed');
    expect(parsed[0]!.from?.value).toEqual([{ name: 'Vitrine', address: 'shop@example.com' }]);
    expect(parsed[0]!.text?.trim()).toBe('Thank you, Ana. Total: $42.00');
    expect(parsed[0]!.html).toContain('<strong>$42.00</strong>');
  });
});
