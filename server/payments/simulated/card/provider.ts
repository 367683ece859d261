// The built-in test card provider: behaves like a card gateway. Its own endpoint tokenizes the card
// (server/api/payment.ts); a payment names the token, and the outcome is the one the test number stands
// for (docs/payments.md: approved, one decline code of 80000–80014, 3-D Secure, processing, waiting for
// authorization, an address to confirm). Its payments live in the database (test-gateway/store.ts), keyed
// by the idempotency key, so the same key gets the same payment in every process and charges once.
import { createHash } from 'node:crypto';
import type { DeclineName, PaymentRequest, PaymentResult, Provider, ProviderContext } from '../../provider';
import { answerRoutes } from '../gateway/answer-routes';
import { answerForm, escapeHtml, gatewayPage } from '../gateway/page';
import { createGatewayStore, type GatewayPayment } from '../gateway/store';
import type { Vault } from './vault';
import type { Db } from '../../../db/connect';

export const TEST_CARD = 'test-card';

interface CardData extends Record<string, unknown> {
  brand: string;
  last4: string;
  decline?: DeclineName;
  orderToken: string;
  locale: string;
  origin: string;
  /** The vault's token of the card, kept for one-click offers (a gateway's saved payment method). */
  saved?: string;
  /** When a processing or authorization-pending payment settles (ms since the epoch). */
  settleAt?: number;
}

/** The gateway's states, and what each is for the shop. */
type CardState = 'succeeded' | 'failed' | 'challenge' | 'processing' | 'authorization' | 'address' | 'canceled';

/** What the gateway keeps of a payment by a card: never its number. */
const cardData = (card: { brand: string; last4: string }, request: PaymentRequest, saved: string): CardData => ({
  brand: card.brand,
  last4: card.last4,
  orderToken: request.orderToken,
  locale: request.locale,
  origin: request.origin,
  saved,
});

/** Another card gateway made of the test card (AsiaBill's hosted fields): its id, references and 3-D Secure answer. */
export interface CardGateway {
  id: string;
  prefix: string;
  /** Told once when the shopper answered the 3-D Secure page (the gateway's notification follows). */
  answered?: (reference: string) => void;
}

export function createTestCardProvider(
  db: Db,
  vault: Vault,
  context: ProviderContext,
  { id, prefix, answered }: CardGateway = { id: TEST_CARD, prefix: 'tc' },
): Provider {
  const store = createGatewayStore(db, id, prefix);
  const referenceOf = (idempotencyKey: string) =>
    `${prefix}_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 24)}`;

  function resultOf(payment: GatewayPayment<CardData>, now = Date.now()): PaymentResult {
    const { reference } = payment;
    const card = { brand: payment.data.brand, last4: payment.data.last4 };
    switch (payment.status as CardState) {
      case 'succeeded':
        return { status: 'succeeded', reference, card };
      case 'failed':
        return { status: 'failed', decline: payment.data.decline ?? 'paymentFailed', reference, card };
      case 'challenge':
        return {
          status: 'action',
          action: 'threeDs',
          redirectUrl: `${payment.data.origin}/api/payment-providers/${id}/3ds/${reference}`,
          reference,
          card,
        };
      case 'address':
        return { status: 'action', action: 'confirmAddress', reference, card };
      case 'canceled':
        return { status: 'canceled', reference };
      case 'processing':
      case 'authorization':
        // The issuer answers after a while (spec: processing, waiting for authorization).
        if (payment.data.settleAt !== undefined && now >= payment.data.settleAt) return { status: 'succeeded', reference, card };
        return { status: payment.status as 'processing' | 'authorization', reference, card };
    }
  }

  async function find(reference: string) {
    const payment = await store.find<CardData>(reference);
    if (!payment) throw new Error(`the test card has no payment ${reference}`);
    return payment;
  }

  async function current(reference: string): Promise<PaymentResult> {
    const payment = await find(reference);
    const result = resultOf(payment);
    // What the issuer answered meanwhile is recorded once, as a gateway would.
    if (result.status === 'succeeded' && payment.status !== 'succeeded')
      await store.move(reference, [payment.status], 'succeeded');
    return result;
  }

  const page = (payment: GatewayPayment<CardData>) => {
    const t = (key: string, options?: Record<string, string | number>) => context.translate(payment.data.locale, key, options);
    const amount = new Intl.NumberFormat(payment.data.locale, { style: 'currency', currency: payment.currencyCode }).format(
      payment.amount /
        10 **
          (new Intl.NumberFormat('en', { style: 'currency', currency: payment.currencyCode }).resolvedOptions()
            .maximumFractionDigits ?? 2),
    );
    return gatewayPage({
      lang: payment.data.locale,
      title: t('provider.threeDs.title'),
      brand: t('provider.threeDs.brand'),
      body: `<h1>${escapeHtml(t('provider.threeDs.title'))}</h1>
<p>${escapeHtml(t('provider.threeDs.explain', { last4: payment.data.last4 }))}</p>
<p class="amount">${escapeHtml(amount)}</p>
${answerForm(`/api/payment-providers/${id}/3ds/${payment.reference}`, [
  { name: 'answer', value: 'pass', label: t('provider.threeDs.pass') },
  { name: 'answer', value: 'fail', label: t('provider.threeDs.fail'), secondary: true },
])}`,
    });
  };

  return {
    id,
    name: { en: 'Credit or debit card', fr: 'Carte de crédit ou de débit', de: 'Kredit- oder Debitkarte' },
    async createPayment(request) {
      const reference = referenceOf(request.idempotencyKey);
      const card = request.paymentToken ? await vault.find(request.paymentToken) : null;
      // A token the vault does not know is what a gateway calls an invalid card.
      if (!card) return { status: 'failed', decline: 'invalidCardNumber', reference };
      const state: CardState = card.outcome
        ? 'failed'
        : card.scenario === 'threeDs'
          ? 'challenge'
          : card.scenario === 'addressCheck'
            ? 'address'
            : (card.scenario ?? 'succeeded');
      const data: CardData = {
        ...cardData(card, request, request.paymentToken!),
        ...(card.outcome ? { decline: card.outcome } : {}),
        ...(state === 'processing' || state === 'authorization' ? { settleAt: Date.now() + context.test.settleAfterMs } : {}),
      };
      // The same key again (or two requests with one key at once): the first one stored is the payment of both.
      return resultOf(
        await store.createOnce({ reference, status: state, amount: request.amount, currencyCode: request.currencyCode, data }),
      );
    },
    retrieve: current,
    // A card that paid is kept by the gateway: an offer charges it again with no form (off session, so
    // no 3-D Secure challenge: the shopper is not there to answer one).
    oneClickPath: () => 'charge',
    async chargeAgain(original, request) {
      // The card saved at the first payment, if it succeeded (one read of the payment and its card).
      const saved = await vault.savedCard(original, id);
      const reference = referenceOf(request.idempotencyKey);
      if (!saved) return { status: 'failed', decline: 'notAuthorized', reference };
      const data = cardData(saved.card, request, saved.token);
      return resultOf(
        await store.createOnce({
          reference,
          status: 'succeeded',
          amount: request.amount,
          currencyCode: request.currencyCode,
          data,
        }),
      );
    },
    async resume(reference, input) {
      const payment = await find(reference);
      if (payment.status === 'address' && input.address) await store.move(reference, ['address'], 'succeeded');
      return current(reference);
    },
    // A challenge or an address not yet answered ends; so does a cardholder's authorization not yet given
    // (its settleAt still ahead). A payment the issuer is processing goes on: it is refunded if it succeeds.
    async cancel(reference) {
      if (await store.move(reference, ['challenge', 'address'], 'canceled')) return;
      const payment = await store.find<CardData>(reference);
      if (payment?.status === 'authorization' && !(payment.data.settleAt !== undefined && Date.now() >= payment.data.settleAt))
        await store.move(reference, ['authorization'], 'canceled');
    },
    async refund(reference, amount, idempotencyKey) {
      return { refunded: await store.refund(reference, amount, idempotencyKey) };
    },
    // The issuer's 3-D Secure challenge: the shopper passes or fails it, then goes back to the shop.
    routes: () =>
      answerRoutes<CardData>({
        store,
        path: '/3ds',
        waiting: 'challenge',
        page,
        answers: () => ({ pass: ['succeeded'], fail: ['failed', { decline: 'authenticationFailed' }] }),
        ...(answered ? { answered: (payment: GatewayPayment<CardData>) => answered(payment.reference) } : {}),
      }),
  };
}
