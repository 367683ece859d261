// The mails the e2e shop sent: without SMTP_URL it writes each as an .eml file in DATA_DIR/outbox
// (server/mail/mailer.ts). A test reads the newest mail to an address as its recipient would.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from '@playwright/test';

const OUTBOX = join(import.meta.dirname, '.data/outbox');

/** The plain text of an .eml (quoted-printable soft breaks and escapes undone). */
function plainText(eml: string): string {
  return eml.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

async function mailsTo(address: string): Promise<string[]> {
  const files = (await readdir(OUTBOX).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  const texts = await Promise.all(files.map(async (f) => plainText(await readFile(join(OUTBOX, f), 'utf8'))));
  return texts.filter((text) => new RegExp(`^To: .*${address.replace(/[.+]/g, '\\$&')}`, 'mi').test(text));
}

/** The path (with its query) of the newest mail's link to `page` (e.g. /account/activate) sent to the address. */
export async function mailedLink(address: string, page: string, options: { after?: number } = {}): Promise<string> {
  let link = '';
  await expect(async () => {
    const mails = await mailsTo(address);
    const found = mails
      .slice(options.after ?? 0)
      .map((text) => new RegExp(`https?://[^/\\s]+(${page.replace(/\//g, '\\/')}\\?[^\\s"<>]+)`).exec(text)?.[1])
      .filter(Boolean);
    expect(found.length, `a mail to ${address} with a link to ${page}`).toBeGreaterThan(0);
    link = found.at(-1)!.replace(/&amp;/g, '&');
  }).toPass({ timeout: 10_000 });
  return link;
}

/** How many mails went to the address so far (to read only the ones that come after). */
export const mailCount = async (address: string) => (await mailsTo(address)).length;
