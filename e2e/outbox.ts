// The mails the e2e shop sent (DATA_DIR/outbox: e2e/.data/outbox), read by a test as their recipient would.
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { linkIn, mailsTo } from '../test-support/mail-outbox';

const OUTBOX = join(import.meta.dirname, '.data/outbox');

/** The path (with its query) of the newest mail's link to `page` (e.g. /account/activate) sent to the address. */
export async function mailedLink(address: string, page: string, options: { after?: number } = {}): Promise<string> {
  let link = '';
  await expect(async () => {
    const found = (await mailsTo(OUTBOX, address))
      .slice(options.after ?? 0)
      .map((text) => linkIn(text, page))
      .filter(Boolean);
    expect(found.length, `a mail to ${address} with a link to ${page}`).toBeGreaterThan(0);
    link = found.at(-1)!;
  }).toPass({ timeout: 10_000 });
  return link;
}

/** How many mails went to the address so far (to read only the ones that come after). */
export const mailCount = async (address: string) => (await mailsTo(OUTBOX, address)).length;
