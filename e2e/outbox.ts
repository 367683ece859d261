// The mails the e2e shop sent (DATA_DIR/outbox: e2e/.data/outbox), read by a test as their recipient would.
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { E2E_ORIGIN } from './signed';
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

/** A unique address for a test's new customer. */
export const newEmail = (what: string) =>
  `${what}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

/**
 * A new account registered through the shop's call and activated with the link of its mail (read from the
 * outbox): the page's browser is then signed in. Its address.
 */
export async function signUp(page: Page, email = newEmail('customer'), password = 'Kestrel-Harbour-1987'): Promise<string> {
  const registered = await page.request.post('/api/customer/user/register', {
    headers: { Origin: E2E_ORIGIN },
    data: { firstName: 'Ada', lastName: 'Lovelace', email, password },
  });
  expect(registered.status(), await registered.text()).toBe(200);
  const token = new URL(await mailedLink(email, '/account/activate'), E2E_ORIGIN).searchParams.get('token');
  const activated = await page.request.post('/api/customer/user/activate', { headers: { Origin: E2E_ORIGIN }, data: { token } });
  expect(activated.status(), await activated.text()).toBe(200);
  return email;
}
