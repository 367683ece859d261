// The payment methods of the shop: each served by a provider (spec section 7: GET
// /api/payment-methods/list). The test card is always there; real providers plug in beside it.
import type { Db } from '../db/connect';
import type { Provider } from './provider';
import { createTestCardProvider, TEST_CARD } from './test-card/provider';
import { createVault } from './test-card/vault';

export function createPayments(db: Db, extra: Provider[] = []) {
  const vault = createVault(db);
  const providers = [createTestCardProvider(vault), ...extra];
  const byCode = new Map(providers.map((p) => [p.code, p]));
  return {
    /** Every method, the default first. */
    methods: () => providers,
    /** The provider of a method code, undefined for one the shop does not offer. */
    provider: (code: string) => byCode.get(code),
    defaultMethod: TEST_CARD,
    testCard: vault,
  };
}

export type Payments = ReturnType<typeof createPayments>;
