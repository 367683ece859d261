// The abandoned-checkout job on both databases: one reminder, only for checkouts left long enough by a
// shopper who accepted marketing, never twice (even with two processes running it at once), in the
// checkout's language and currency, with the lines, their prices and the link that restores them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocaleCatalog } from '../ssr/messages';
import { keepingMailer, leaveCheckout, recoveryKeyOf } from '../../test-support/server/abandoned-checkouts';
import { firstSku } from '../../test-support/server/skus';
import { createTestShop, visitors, type Driver, type TestShop } from '../../test-support/server/test-app';
import { ABANDONED_AFTER_MS, recoverAbandonedCheckouts, type RecoveryJobOptions } from './recover-abandoned';

const catalog = createLocaleCatalog(() => {});
const HOUR = 60 * 60 * 1000;

describe.each<Driver>(['pglite', 'postgres'])('recoverAbandonedCheckouts (%s)', (driver) => {
  let shop: TestShop;
  let shirt: { id: number; title: string };
  const newVisitor = visitors();
  const job = (mailer: RecoveryJobOptions['mailer'], at: Date, logs: string[] = []) =>
    recoverAbandonedCheckouts(shop.database.db, {
      mailer,
      now: at,
      publicUrl: 'https://shop.example',
      translatorFor: catalog.translatorFor,
      shopName: 'Vitrine',
      log: (message, error) => logs.push(`${message}: ${error instanceof Error ? error.message : String(error)}`),
    });

  beforeAll(async () => {
    shop = await createTestShop(driver);
    shirt = await firstSku(shop, 'linen-shirt');
  });
  afterAll(() => shop?.close());

  it('waits an hour by default', () => {
    expect(ABANDONED_AFTER_MS).toBe(HOUR);
  });

  it('reminds only checkouts left for an hour with an email that accepted marketing, once', async () => {
    const wanted = await leaveCheckout(shop, newVisitor(), {
      items: [{ skuId: shirt.id, quantity: 2 }],
      email: 'marie@example.com',
      acceptsMarketing: true,
      query: 'lang=fr&currencyCode=EUR',
    });
    await leaveCheckout(shop, newVisitor(), { items: [{ skuId: shirt.id, quantity: 1 }], email: 'no@example.com' });
    await leaveCheckout(shop, newVisitor(), { items: [{ skuId: shirt.id, quantity: 1 }], acceptsMarketing: true });
    const mailer = keepingMailer();

    // Not yet: the checkout was touched less than an hour ago.
    expect(await job(mailer, new Date(Date.now() + 30 * 60 * 1000))).toBe(0);
    expect(await recoveryKeyOf(shop, wanted)).toBeNull();

    const later = new Date(Date.now() + 2 * HOUR);
    expect(await job(mailer, later)).toBe(1);
    expect(mailer.sent.map((m) => m.to)).toEqual(['marie@example.com']);
    const [mail] = mailer.sent;
    const key = await recoveryKeyOf(shop, wanted);
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(mail!.subject).toBe('Vous avez oublié quelque chose dans votre panier sur Vitrine');
    expect(mail!.text).toContain('Chemise en lin'); // the product's French title
    expect(mail!.text).toMatch(/\d+,\d\d €/);
    expect(mail!.text).toContain(`https://shop.example/checkout/recover/${key}`);
    expect(mail!.text).toContain(`https://shop.example/checkout/recover/${key}/stop`);
    expect(mail!.text).toContain('Ne plus recevoir ces rappels');
    expect(mail!.html).toContain(`href="https://shop.example/checkout/recover/${key}"`);
    expect(mail!.html).toContain('<html lang="fr">');

    // Once: a later run finds nothing more to send.
    expect(await job(mailer, new Date(Date.now() + 5 * HOUR))).toBe(0);
    expect(mailer.sent).toHaveLength(1);
  });

  it('sends each reminder once when two processes run the job at the same time', async () => {
    const emails = ['a@example.com', 'b@example.com', 'c@example.com', 'd@example.com'];
    for (const email of emails) {
      await leaveCheckout(shop, newVisitor(), { items: [{ skuId: shirt.id, quantity: 1 }], email, acceptsMarketing: true });
    }
    const mailer = keepingMailer();
    const at = new Date(Date.now() + 2 * HOUR);
    const [first, second] = await Promise.all([job(mailer, at), job(mailer, at)]);
    expect(first + second).toBe(emails.length);
    expect(mailer.sent.map((m) => m.to).sort()).toEqual(emails);
  });

  it('logs a mail that cannot be sent and does not try it again', async () => {
    const token = await leaveCheckout(shop, newVisitor(), {
      items: [{ skuId: shirt.id, quantity: 1 }],
      email: 'bounce@example.com',
      acceptsMarketing: true,
    });
    const logs: string[] = [];
    const at = new Date(Date.now() + 2 * HOUR);
    expect(await job(keepingMailer({ fail: true }), at, logs)).toBe(0);
    expect(logs).toEqual([expect.stringMatching(/could not be sent .*550 mailbox unavailable/)]);
    expect(await recoveryKeyOf(shop, token)).not.toBeNull();
    const working = keepingMailer();
    expect(await job(working, new Date(at.getTime() + HOUR))).toBe(0);
    expect(working.sent).toHaveLength(0);
  });
});
