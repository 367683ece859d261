// The payment methods of the shop (spec section 7: GET /api/payment-methods/list): rows of
// `payment_methods` (the demo's come from fixtures/payment-methods.json), each served by a provider.
// A method whose provider is not plugged in (Stripe without its keys) is not offered.
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { paymentMethods } from '../db/payment-schema';
import type { PaymentMethodFixture } from '../db/seed-fixtures';
import { readThrough } from '../commerce/cache';
import { narrowed, narrowings, type Reach } from '../../schemas/payment-reach';
import type { Provider, ProviderContext } from './provider';
import { createTestBankProvider } from './simulated/bank/provider';
import { createTestCardProvider } from './simulated/card/provider';
import { createVault } from './simulated/card/vault';
import { createTestPayLaterProvider } from './simulated/pay-later/provider';
import { createTestWalletProvider } from './simulated/wallet/provider';
import { createAsiabillProvider } from './simulated/asiabill/provider';
import { createAirwallexProvider } from './simulated/hosted/airwallex';
import { createOceanpaymentProvider } from './simulated/hosted/oceanpayment';
import { createPacypayProvider } from './simulated/hosted/pacypay';
import { createPayssionProvider } from './simulated/hosted/payssion';

/** A payment method as the shop keeps it (the demo's are its fixtures). */
export type PaymentMethodRow = PaymentMethodFixture;

/** A method the shop offers, with the provider that serves it and where it works (schemas/payment-reach.ts). */
export interface OfferedMethod extends PaymentMethodRow {
  handler: Provider;
  reach: Reach;
}

const codes = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/** Where a method's scheme works, as its row declares it (options.countries, options.currencies). */
export const declaredReach = (options: Record<string, unknown>): Reach => ({
  countries: codes(options.countries),
  currencies: codes(options.currencies),
});

export interface PaymentsOptions {
  /** Providers besides the built-in test ones (Stripe when its keys are set; tests' own). */
  /** A provider made from the shop's context (its translations, log) is given as a function of it. */
  providers?: (Provider | ((context: ProviderContext) => Provider))[];
  context: ProviderContext;
  cacheTtlMs?: number;
  /** The merchant's narrowing of the methods' countries (site setting extDataMap.paymentCountries). */
  narrowing?: () => Promise<string | undefined>;
}

export function createPayments(db: Db, { providers: extra = [], context, cacheTtlMs = 2000, narrowing }: PaymentsOptions) {
  const vault = createVault(db);
  const providers = [
    createTestCardProvider(db, vault, context),
    createTestPayLaterProvider(db, context),
    createTestWalletProvider(db, context),
    createTestBankProvider(db, context),
    // Simulated stand-ins of real providers, on the same seam (docs/payments.md: providers, simulated and real).
    createPacypayProvider(db, context),
    createOceanpaymentProvider(db, context),
    createPayssionProvider(db, context),
    createAirwallexProvider(db, context),
    createAsiabillProvider(db, vault, context),
    ...extra.map((p) => (typeof p === 'function' ? p(context) : p)),
  ];
  const byId = new Map(providers.map((p) => [p.id, p]));
  const rows = readThrough<PaymentMethodRow[]>({ ttlMs: cacheTtlMs, max: 1 });
  const load = () =>
    rows.get('methods', async () => {
      const found = await db
        .select({
          code: paymentMethods.code,
          provider: paymentMethods.provider,
          type: paymentMethods.type,
          name: paymentMethods.name,
          normalTag: paymentMethods.normalTag,
          funnelTag: paymentMethods.funnelTag,
          defaulted: paymentMethods.defaulted,
          options: paymentMethods.options,
        })
        .from(paymentMethods)
        .where(eq(paymentMethods.enabled, true))
        .orderBy(asc(paymentMethods.position), asc(paymentMethods.code));
      return found;
    });
  const offered = async (): Promise<OfferedMethod[]> => {
    const [rows, merchant] = await Promise.all([load(), narrowing ? narrowing().then(narrowings) : new Map<string, string[]>()]);
    return rows.flatMap((row) => {
      const handler = byId.get(row.provider);
      // A method the merchant narrowed to no country its scheme serves is not offered at all.
      const reach = narrowed(declaredReach(row.options), merchant.get(row.code));
      return handler && reach ? [{ ...row, handler, reach }] : [];
    });
  };
  return {
    /** Every method offered, in the merchant's order. */
    methods: offered,
    /** The method of a code, undefined for one the shop does not offer. */
    method: async (code: string) => (await offered()).find((m) => m.code === code),
    /** A provider by its id (webhooks, the providers' own pages). */
    provider: (id: string) => byId.get(id),
    providers: () => providers,
    testCard: vault,
    /** After a merchant changed the methods. */
    forget: () => rows.clear(),
  };
}

export type Payments = ReturnType<typeof createPayments>;
