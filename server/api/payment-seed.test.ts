// A shop seeded before payments came gets the payment methods and their icons once, and keeps what the
// merchant changed (a method switched off stays off; the icons it had stay).
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DictEntry, PaymentMethodList } from '../../schemas/generated/api';
import { validatePage } from '../commerce/pages/validate-page';
import { validateFunnel } from '../commerce/funnels/validate-funnel';
import { prepareDatabase } from '../db/prepare';
import { paymentMethods } from '../db/payment-schema';
import { meta, referenceData } from '../db/schema';
import { projectPaths } from '../../test-support/server/paths';
import { createTestShop, readEnvelope, type TestShop } from '../../test-support/server/test-app';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop('pglite', { cacheTtlMs: 0 });
});
afterAll(() => shop?.close());

describe('a shop seeded before payments', () => {
  it('gets the payment methods and the icons it lacks, once, and keeps its own', async () => {
    const db = shop.database.db;
    // As a shop of the last version: only the card, the AsiaBill method switched off by its merchant,
    // and only the first icons.
    await db.delete(paymentMethods).where(inArray(paymentMethods.code, ['ideal', 'paypal', 'klarna']));
    await db.update(paymentMethods).set({ enabled: false }).where(eq(paymentMethods.code, 'asiabill'));
    const [dicts] = await db.select().from(referenceData).where(eq(referenceData.key, 'dicts'));
    const value = dicts!.value as Record<string, DictEntry[]>;
    const icons = value.CREDIT_CARD_ICON!;
    await db
      .update(referenceData)
      .set({ value: { ...value, CREDIT_CARD_ICON: icons.slice(0, 3) } })
      .where(eq(referenceData.key, 'dicts'));
    await db.delete(meta).where(inArray(meta.key, ['seeded:payment-methods', 'seeded:payment-icons']));

    const prepare = () =>
      prepareDatabase(shop.database, { ...projectPaths, checkPage: validatePage, checkFunnel: validateFunnel });
    expect(await prepare()).toMatchObject({ seeded: ['seeded:payment-methods', 'seeded:payment-icons'] });
    expect(await prepare()).toMatchObject({ seeded: [] });

    const list = (await (await shop.app.request('/api/payment-methods/list')).json()) as PaymentMethodList;
    const codes = list.result.map((m) => m.code);
    expect(codes).toEqual(expect.arrayContaining(['card', 'ideal', 'paypal', 'klarna']));
    expect(codes).not.toContain('asiabill');
    const served = await readEnvelope<DictEntry[]>(await shop.app.request('/api/dict/detail/CREDIT_CARD_ICON'));
    expect(served.data.map((i) => i.code)).toEqual(icons.map((i) => i.code));
  });
});
