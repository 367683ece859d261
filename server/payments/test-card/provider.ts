// The built-in test card provider: behaves like a card gateway. Its own endpoint tokenizes the card
// (server/api/payment-providers.ts); a payment names the token, and the outcome is the one the test
// number stands for (approved, or one decline code of 80000–80014). The same idempotency key always gets
// the same outcome, as a gateway's does, so a retried request never charges twice.
import { randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { PaymentRequest, PaymentResult, Provider } from '../provider';
import type { Vault } from './vault';

export const TEST_CARD = 'test-card';

export function createTestCardProvider(vault: Vault): Provider {
  const outcomes = new LRUCache<string, Promise<PaymentResult>>({ max: 10_000 });
  const charged = new Map<string, number>();
  async function charge(request: PaymentRequest): Promise<PaymentResult> {
    const reference = `tc_${randomBytes(10).toString('hex')}`;
    const card = request.paymentToken ? await vault.find(request.paymentToken) : null;
    // A token the vault does not know is what a gateway calls an invalid card.
    if (!card) return { status: 'failed', decline: 'invalidCardNumber', reference };
    const facts = { brand: card.brand, last4: card.last4 };
    if (card.outcome) return { status: 'failed', decline: card.outcome, reference, card: facts };
    charged.set(reference, request.amount);
    return { status: 'succeeded', reference, card: facts };
  }
  return {
    code: TEST_CARD,
    type: 'CARD',
    name: { en: 'Credit or debit card', fr: 'Carte de crédit ou de débit', de: 'Kredit- oder Debitkarte' },
    normalTag: true,
    funnelTag: true,
    createPayment(request) {
      let outcome = outcomes.get(request.idempotencyKey);
      if (!outcome) {
        outcome = charge(request);
        outcomes.set(request.idempotencyKey, outcome);
        // A failure of the vault itself is not an outcome: the next try asks again.
        outcome.catch(() => outcomes.delete(request.idempotencyKey));
      }
      return outcome;
    },
    // Cards are confirmed when they are created.
    async confirm() {
      return null;
    },
    async refund(reference, amount) {
      const left = charged.get(reference) ?? 0;
      const refunded = Math.min(left, amount);
      charged.set(reference, left - refunded);
      return { refunded };
    },
  };
}
