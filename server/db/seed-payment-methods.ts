// The seed steps of the demo shop's payment methods and their icons, and of the simulated providers'
// methods for shops seeded before them.
import { eq } from 'drizzle-orm';
import { paymentMethods } from './payment-schema';
import { referenceData } from './schema';
import type { SeedStep } from './seed-fixtures';

/** The payment methods of the demo shop; a method the merchant has already is left as it is. */
export const paymentMethodsStep: SeedStep = {
  mark: 'seeded:payment-methods',
  async run(tx, fixtures) {
    if (!fixtures.paymentMethods.length) return;
    await tx
      .insert(paymentMethods)
      .values(fixtures.paymentMethods.map((m, position) => ({ ...m, position })))
      .onConflictDoNothing();
  },
};

/**
 * The payment icons of the methods added with the payment methods (CREDIT_CARD_ICON), for databases
 * seeded before them: icons the shop has already are left as they are.
 */
export const paymentIconsStep: SeedStep = {
  mark: 'seeded:payment-icons',
  async run(tx, fixtures) {
    type Icon = { code: string };
    const wanted = ((fixtures.reference.dicts as Record<string, Icon[]> | undefined)?.CREDIT_CARD_ICON ?? []) as Icon[];
    const [stored] = await tx.select().from(referenceData).where(eq(referenceData.key, 'dicts'));
    const value = stored?.value as Record<string, Icon[]> | undefined;
    if (!value?.CREDIT_CARD_ICON) return;
    const missing = wanted.filter((icon) => !value.CREDIT_CARD_ICON!.some((s) => s.code === icon.code));
    if (missing.length) {
      await tx
        .update(referenceData)
        .set({ value: { ...value, CREDIT_CARD_ICON: [...value.CREDIT_CARD_ICON, ...missing] } })
        .where(eq(referenceData.key, 'dicts'));
    }
  },
};

/** The methods of the simulated providers (PacyPay, Oceanpayment, AsiaBill, Airwallex) and their icons, for shops seeded before them. */
export const providerMethodsStep: SeedStep = {
  mark: 'seeded:provider-methods',
  async run(tx, fixtures, now) {
    await paymentMethodsStep.run(tx, fixtures, now);
    await paymentIconsStep.run(tx, fixtures, now);
  },
};
