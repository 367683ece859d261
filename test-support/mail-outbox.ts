// The mails a shop without SMTP_URL wrote as .eml files in DATA_DIR/outbox (server/mail/mailer.ts), read
// (with mailparser) as their recipient's mail program would: e2e specs and benchmarks follow their links.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';

/** The plain text of each mail to `address` in the outbox folder, oldest first. */
export async function mailsTo(outboxDir: string, address: string): Promise<string[]> {
  const files = (await readdir(outboxDir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  const mails = await Promise.all(files.map(async (f) => simpleParser(await readFile(join(outboxDir, f)))));
  return mails
    .filter((mail) =>
      (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).some((to) => to.value.some((v) => v.address === address)),
    )
    .map((mail) => mail.text ?? '');
}

/** The path and query of the link to `page` (e.g. /account/activate) in a mail's text, if any. */
export function linkIn(text: string, page: string): string | undefined {
  const found = new RegExp(`https?://[^/\\s]+(${page.replace(/\//g, '\\/')}\\?[^\\s"<>]+)`).exec(text)?.[1];
  return found;
}
