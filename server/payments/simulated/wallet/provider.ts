// The built-in test wallet: behaves like PayPal (a redirect to the wallet's own approval page) and like
// Google Pay / Apple Pay (the browser's payment sheet approves at once). Methods name their brand in
// `options.wallet`; `options.sheet` marks the sheet wallets.
//
// Redirect (paypal, paypal-express): the payment waits for approval and the shopper is sent to the
// wallet's page (/api/payment-providers/test-wallet/approve/{reference}), which offers: approve; approve
// without a phone number (the shop asks for it on /payment/replenishAddress); approve and confirm the
// shipping in the shop (/payment/confirmShipping); cancel (spec: canceled by customer); reject (the wallet
// refuses: 8003 with reason walletRejected, spec: "PayPal information rejected"). Every answer sends the
// shopper back to the shop's return page (returnPath) with a 303.
//
// Sheet (google-pay, apple-pay): the shop's sheet asked the wallet for an approval token
// (POST /api/payment-providers/test-wallet/sheet, answered with the account's e-mail and address); a
// payment carrying a token the wallet issued (unused, not expired, for the same method) succeeds at once,
// any other fails with 8005 (necessary information missing).
//
// Payments live in the database (test-gateway/store.ts), keyed by the idempotency key, as the test card's.
import { createHash } from 'node:crypto';
import type { FailureName, FailureReason, PaymentResult, Provider, ProviderContext } from '../../provider';
import { answerRoutes, type AnswerMove } from '../gateway/answer-routes';
import { answerForm, escapeHtml, gatewayPage } from '../gateway/page';
import { createGatewayStore, type GatewayPayment } from '../gateway/store';
import type { Db } from '../../../db/connect';
import { badRequest } from '../../../commerce/errors';
import { WALLET_ACCOUNT_ADDRESS, WALLET_ACCOUNT_EMAIL, walletBrand } from './account';

export const TEST_WALLET = 'test-wallet';

/** How long a sheet's approval token may wait to be used. */
export const SHEET_TOKEN_MS = 15 * 60_000;

interface WalletData extends Record<string, unknown> {
  wallet: string;
  orderToken: string;
  locale: string;
  origin: string;
  decline?: FailureName;
  reason?: FailureReason;
}

interface SheetToken extends Record<string, unknown> {
  /** The method whose sheet asked for it: it approves a payment of that method only. */
  method: string;
  expiresAt: number;
  /** The payment that used it. */
  usedBy?: string;
}

/**
 * The wallet's states, and what each is for the shop: `approval` waits on the wallet's page, `phone` and
 * `shipping` on the shop's (replenishAddress, confirmShipping).
 */
type WalletState = 'approval' | 'phone' | 'shipping' | 'succeeded' | 'failed' | 'canceled';

/** The answers of the approval page, each a button, and the state each leaves the payment in. */
const WALLET_MOVES = {
  approve: ['succeeded'],
  noPhone: ['phone'],
  confirmShipping: ['shipping'],
  cancel: ['canceled'],
  reject: ['failed', { decline: 'customerRefusedPayment', reason: 'walletRejected' }],
} as const satisfies Record<string, AnswerMove & readonly [WalletState, ...unknown[]]>;
type Answer = keyof typeof WALLET_MOVES;

const minorDigits = (currency: string) =>
  new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;

export function createTestWalletProvider(db: Db, context: ProviderContext): Provider {
  const store = createGatewayStore(db, TEST_WALLET, 'tw');
  const referenceOf = (idempotencyKey: string) => `tw_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 24)}`;
  const approvalUrl = (origin: string, reference: string) =>
    `${origin}/api/payment-providers/${TEST_WALLET}/approve/${reference}`;

  function resultOf(payment: GatewayPayment<WalletData>): PaymentResult {
    const { reference } = payment;
    switch (payment.status as WalletState) {
      case 'approval':
        return { status: 'action', action: 'redirect', redirectUrl: approvalUrl(payment.data.origin, reference), reference };
      case 'phone':
        return { status: 'action', action: 'replenishAddress', reference };
      case 'shipping':
        return { status: 'action', action: 'confirmShipping', reference };
      case 'succeeded':
        return { status: 'succeeded', reference };
      case 'canceled':
        return { status: 'canceled', reference };
      case 'failed':
        return {
          status: 'failed',
          decline: payment.data.decline ?? 'paymentError',
          ...(payment.data.reason ? { reason: payment.data.reason } : {}),
          reference,
        };
    }
  }

  async function find(reference: string) {
    const payment = await store.find<WalletData>(reference);
    if (!payment || payment.reference.startsWith('ws_')) throw new Error(`the test wallet has no payment ${reference}`);
    return payment;
  }

  /** Records a payment once: two requests with one key at once find the first one's. */
  async function record(reference: string, status: WalletState, amount: number, currencyCode: string, data: WalletData) {
    try {
      await store.create({ reference, status, amount, currencyCode, data });
    } catch (error) {
      if (!(await store.find(reference))) throw error;
    }
    return resultOf((await store.find<WalletData>(reference))!);
  }

  /** Uses a sheet's approval token once; false for one the wallet did not issue, used, expired or of another method. */
  async function redeemSheetToken(token: string | undefined, method: string, reference: string): Promise<boolean> {
    if (!token || !/^ws_[0-9a-f]{24}$/.test(token)) return false;
    const issued = await store.find<SheetToken>(token);
    if (!issued || issued.status !== 'issued' || issued.data.method !== method || issued.data.expiresAt < Date.now())
      return false;
    return store.move(token, ['issued'], 'used', { usedBy: reference });
  }

  const page = (payment: GatewayPayment<WalletData>) => {
    const { locale } = payment.data;
    const t = (key: string, options?: Record<string, string | number>) => context.translate(locale, key, options);
    const brand = walletBrand(payment.data.wallet);
    const amount = new Intl.NumberFormat(locale, { style: 'currency', currency: payment.currencyCode }).format(
      payment.amount / 10 ** minorDigits(payment.currencyCode),
    );
    const buttons: { answer: Answer; secondary?: boolean }[] = [
      { answer: 'approve' },
      { answer: 'noPhone', secondary: true },
      { answer: 'confirmShipping', secondary: true },
      { answer: 'cancel', secondary: true },
      { answer: 'reject', secondary: true },
    ];
    return gatewayPage({
      lang: locale,
      title: t('provider.wallet.title', { brand }),
      brand: t('provider.wallet.brand', { brand }),
      body: `<h1>${escapeHtml(t('provider.wallet.title', { brand }))}</h1>
<p>${escapeHtml(t('provider.wallet.explain', { brand }))}</p>
<p class="amount">${escapeHtml(amount)}</p>
<p>${escapeHtml(t('provider.wallet.account'))}: <strong>${escapeHtml(WALLET_ACCOUNT_EMAIL)}</strong></p>
${answerForm(
  `/api/payment-providers/${TEST_WALLET}/approve/${payment.reference}`,
  buttons.map((b) => ({
    name: 'answer',
    value: b.answer,
    label: t(`provider.wallet.${b.answer}`, { brand }),
    ...(b.secondary ? { secondary: true } : {}),
  })),
)}`,
    });
  };

  return {
    id: TEST_WALLET,
    name: { en: 'Wallet', fr: 'Portefeuille', de: 'Wallet' },
    async createPayment(request) {
      const reference = referenceOf(request.idempotencyKey);
      const seen = await store.find<WalletData>(reference);
      if (seen) return resultOf(seen);
      const wallet = typeof request.options.wallet === 'string' ? request.options.wallet : 'paypal';
      const data: WalletData = { wallet, orderToken: request.orderToken, locale: request.locale, origin: request.origin };
      if (request.options.sheet === true) {
        // The shopper approved in the sheet: the approval token is the proof.
        const approved = await redeemSheetToken(request.paymentToken, request.method, reference);
        return record(
          reference,
          approved ? 'succeeded' : 'failed',
          request.amount,
          request.currencyCode,
          approved ? data : { ...data, decline: 'informationMissing' },
        );
      }
      return record(reference, 'approval', request.amount, request.currencyCode, data);
    },
    retrieve: async (reference) => resultOf(await find(reference)),
    // A redirect wallet (PayPal) vaults the shopper's approval with the first payment; a sheet wallet asks
    // for one tap in its sheet again.
    oneClickPath: (options) => (options.sheet === true ? 'sheet' : 'charge'),
    async chargeAgain(original, request) {
      const first = await find(original);
      const reference = referenceOf(request.idempotencyKey);
      const seen = await store.find<WalletData>(reference);
      if (seen) return resultOf(seen);
      const data: WalletData = {
        wallet: first.data.wallet,
        orderToken: request.orderToken,
        locale: request.locale,
        origin: request.origin,
      };
      if (first.status !== 'succeeded')
        return record(reference, 'failed', request.amount, request.currencyCode, { ...data, decline: 'notAuthorized' });
      return record(reference, 'succeeded', request.amount, request.currencyCode, data);
    },
    async resume(reference, input) {
      const payment = await find(reference);
      if (payment.status === 'phone' && input.address?.phone.trim()) await store.move(reference, ['phone'], 'succeeded');
      if (payment.status === 'shipping' && input.amount !== undefined)
        await store.move(reference, ['shipping'], 'succeeded', { amountTaken: input.amount });
      return resultOf(await find(reference));
    },
    // Not yet approved, or waiting for the shop's page (a phone number, the shipping price): it ends.
    async cancel(reference) {
      await store.move(reference, ['approval', 'phone', 'shipping'], 'canceled');
    },
    async refund(reference, amount, idempotencyKey) {
      return { refunded: await store.refund(reference, amount, idempotencyKey) };
    },
    routes() {
      return (
        answerRoutes<WalletData>({
          store,
          path: '/approve',
          waiting: 'approval',
          page,
          answers: () => WALLET_MOVES,
          // The store also keeps the sheet's one-time tokens: they have no page.
          owns: (payment) => !payment.reference.startsWith('ws_'),
        })
          // The payment sheet (Google Pay / Apple Pay / PayPal Express in the shop's page): the wallet hands
          // the shop its account's e-mail and address, and a one-time approval token for the payment.
          .post('/sheet', async (c) => {
            const body = (await c.req.json().catch(() => null)) as { paymentMethodCode?: unknown } | null;
            const method = body?.paymentMethodCode;
            if (typeof method !== 'string' || !/^[a-z0-9-]{1,40}$/.test(method))
              throw badRequest('Name the payment method whose sheet this is (paymentMethodCode).');
            const token = `ws_${store.newReference().slice(3, 27)}`;
            const data: SheetToken = { method, expiresAt: Date.now() + SHEET_TOKEN_MS };
            await store.create({ reference: token, status: 'issued', amount: 0, currencyCode: 'XXX', data });
            return c.json(
              {
                code: 200,
                message: 'success',
                data: { token, paymentMethodCode: method, email: WALLET_ACCOUNT_EMAIL, address: WALLET_ACCOUNT_ADDRESS },
              },
              201,
            );
          })
      );
    },
  };
}
