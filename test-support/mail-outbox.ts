// The mails a shop without SMTP_URL wrote as .eml files in DATA_DIR/outbox (server/mail/mailer.ts), read
// as their recipient would: e2e specs and benchmarks follow the links in them.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The plain text of an .eml (quoted-printable soft breaks and escapes undone). */
function plainText(eml: string): string {
  return eml.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The mails to `address` in the outbox folder, oldest first, as text. */
export async function mailsTo(outboxDir: string, address: string): Promise<string[]> {
  const files = (await readdir(outboxDir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  const texts = await Promise.all(files.map(async (f) => plainText(await readFile(join(outboxDir, f), 'utf8'))));
  const to = new RegExp(`^To: .*${address.replace(/[.+]/g, '\\$&')}`, 'mi');
  return texts.filter((text) => to.test(text));
}

/** The path and query of the link to `page` (e.g. /account/activate) in a mail's text, if any. */
export function linkIn(text: string, page: string): string | undefined {
  const found = new RegExp(`https?://[^/\\s]+(${page.replace(/\//g, '\\/')}\\?[^\\s"<>]+)`).exec(text)?.[1];
  return found?.replace(/&amp;/g, '&');
}
