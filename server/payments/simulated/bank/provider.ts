// The built-in test bank: redirect bank methods (iDEAL with its bank selection, Bancontact, Giropay,
// Sofort, P24, BLIK, Trustly, open banking, Swish, Citcon, Payssion: options.kind 'bank') and cash
// vouchers paid at a store (OXXO: options.kind 'voucher'). A payment first sends the shopper to the
// bank's own page (served here, /api/payment-providers/test-bank/pay/{reference}); what the shopper
// answers there leaves the payment pending until the bank's signed webhook says how it ended, as a real
// bank does: the test bank sends it itself after `bankWebhookAfterMs` (0: never, the tests send it),
// succeeded for "Authorise payment", failed (8007) for "Decline". A voucher waits for a webhook from the
// store's payment, which only a test (or the bench) sends. Cancel ends the payment at once.
//
// Its payments live in the database (test-gateway/store.ts), keyed by the idempotency key, so every
// server process reads the same answer and a payment is created once per key.
import { createHash, randomBytes } from 'node:crypto';
import { failureOf } from '../../decline-codes';
import type { FailureName, PaymentResult, Provider, ProviderContext, WebhookEvent } from '../../provider';
import { answerRoutes, type AnswerMove } from '../gateway/answer-routes';
import { answerForm, escapeHtml, gatewayPage, intlLocale, money } from '../gateway/page';
import { createGatewayStore, type GatewayPayment } from '../gateway/store';
import type { Db } from '../../../db/connect';
import { bankProblem, idealBank } from './banks';
import { SIGNATURE_HEADER, signBankWebhook, verifyBankWebhook } from './signature';

export const TEST_BANK = 'test-bank';
/** How long a voucher may be paid at a store (the order is held as long: pay-order.ts, settle-payment.ts). */
export const VOUCHER_PAY_WITHIN_MS = 72 * 60 * 60_000;

/** The bank's states: waiting for the shopper, waiting for the bank (or the store), and how it ended. */
type BankState = 'awaiting' | 'authorised' | 'declined' | 'voucher' | 'succeeded' | 'failed' | 'canceled';
const WAITING_STATES: BankState[] = ['awaiting', 'authorised', 'declined', 'voucher'];

interface BankData extends Record<string, unknown> {
  kind: 'bank' | 'voucher';
  method: string;
  bank?: string;
  orderToken: string;
  orderNumber: string;
  locale: string;
  origin: string;
  /** A voucher's number and the last moment it can be paid (ms since the epoch). */
  voucherNumber?: string;
  payBy?: number;
  decline?: FailureName;
}

/** What the bank's webhook says: `code` (8001–8013) only for a failed payment (8007 when left out). */
export interface BankWebhookBody {
  id: string;
  type: 'payment.succeeded' | 'payment.failed';
  reference: string;
  code?: number;
}

/** The names the bank's page shows for the demo's methods (brand names, the same in every language). */
const METHOD_NAMES: Record<string, string> = {
  ideal: 'iDEAL',
  bancontact: 'Bancontact',
  giropay: 'Giropay',
  sofort: 'Sofort',
  p24: 'Przelewy24',
  blik: 'BLIK',
  trustly: 'Trustly',
  openbanking: 'Open Banking',
  swish: 'Swish',
  citcon: 'Citcon',
  payssion: 'Payssion',
  oxxo: 'OXXO',
};

/** Reads a webhook body; throws when it is not one the bank sends. */
export function readBankWebhook(raw: string): BankWebhookBody {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw new Error('the webhook body is not JSON');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new Error('the webhook body is not an object');
  const { id, type, reference, code } = body as Record<string, unknown>;
  if (typeof id !== 'string' || !/^[\w-]{1,100}$/.test(id)) throw new Error('the webhook has no valid id');
  if (type !== 'payment.succeeded' && type !== 'payment.failed') throw new Error('the webhook type is not known');
  if (typeof reference !== 'string' || !/^[\w-]{1,100}$/.test(reference)) throw new Error('the webhook has no valid reference');
  if (code !== undefined && (typeof code !== 'number' || type !== 'payment.failed' || !failureOf(code) || code >= 80000))
    throw new Error('the webhook code is not a payment failure code (8001–8013)');
  return { id, type, reference, ...(code !== undefined ? { code } : {}) };
}

export function createTestBankProvider(db: Db, context: ProviderContext): Provider {
  const store = createGatewayStore(db, TEST_BANK, 'tb');
  const referenceOf = (idempotencyKey: string) => `tb_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 24)}`;
  const pagePath = (reference: string) => `/api/payment-providers/${TEST_BANK}/pay/${reference}`;

  function resultOf(payment: GatewayPayment<BankData>): PaymentResult {
    const { reference } = payment;
    switch (payment.status as BankState) {
      case 'awaiting':
        return { status: 'action', action: 'redirect', redirectUrl: `${payment.data.origin}${pagePath(reference)}`, reference };
      case 'authorised':
      case 'declined':
        return { status: 'pending', reason: 'bank', reference };
      case 'voucher':
        return { status: 'pending', reason: 'voucher', reference };
      case 'succeeded':
        return { status: 'succeeded', reference };
      case 'failed':
        return { status: 'failed', decline: payment.data.decline ?? 'authorizationFailed', reference };
      case 'canceled':
        return { status: 'canceled', reference };
    }
  }

  async function find(reference: string) {
    const payment = await store.find<BankData>(reference);
    if (!payment) throw new Error(`the test bank has no payment ${reference}`);
    return payment;
  }

  /** The bank tells the shop how a payment ended, as a real bank would: a signed webhook, a while later. */
  async function notify(reference: string, type: BankWebhookBody['type']): Promise<void> {
    const body = JSON.stringify({
      id: `evt_${randomBytes(12).toString('hex')}`,
      type,
      reference,
      ...(type === 'payment.failed' ? { code: 8007 } : {}),
    } satisfies BankWebhookBody);
    await context.deliverWebhook(TEST_BANK, body, {
      'Content-Type': 'application/json',
      [SIGNATURE_HEADER]: signBankWebhook(context.test.bankWebhookSecret, body),
    });
  }

  function later(reference: string, type: BankWebhookBody['type']) {
    const ms = context.test.bankWebhookAfterMs;
    if (!(ms > 0)) return;
    const timer = setTimeout(() => {
      notify(reference, type).catch((error) => context.log(`the test bank could not send its webhook for ${reference}`, error));
    }, ms);
    timer.unref();
  }

  const page = (payment: GatewayPayment<BankData>) => {
    const { data } = payment;
    const t = (key: string, options?: Record<string, string | number>) => context.translate(data.locale, key, options);
    const method = METHOD_NAMES[data.method] ?? data.method;
    const amount = money(payment.amount, payment.currencyCode, data.locale);
    const row = (label: string, value: string, id?: string) =>
      `<tr><th scope="row">${escapeHtml(label)}</th><td${id ? ` id="${id}"` : ''}>${escapeHtml(value)}</td></tr>`;
    const action = pagePath(payment.reference);
    if (data.kind === 'voucher') {
      const payBy = new Intl.DateTimeFormat(intlLocale(data.locale), {
        year: 'numeric',
        month: 'long',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        timeZone: 'UTC',
        timeZoneName: 'short',
      }).format(new Date(data.payBy!));
      return gatewayPage({
        lang: data.locale,
        title: t('provider.bank.voucher.title'),
        brand: t('provider.bank.brand', { method }),
        body: `<h1>${escapeHtml(t('provider.bank.voucher.title'))}</h1>
<p>${escapeHtml(t('provider.bank.voucher.explain', { method }))}</p>
<table>${row(t('provider.bank.voucher.number'), data.voucherNumber!, 'voucher-number')}${row(t('provider.bank.amount'), amount)}${row(
          t('provider.bank.voucher.payBy'),
          payBy,
        )}${row(t('provider.bank.order'), data.orderNumber)}</table>
${answerForm(action, [
  { name: 'answer', value: 'voucher', label: t('provider.bank.voucher.confirm') },
  { name: 'answer', value: 'cancel', label: t('provider.bank.cancel'), secondary: true },
])}`,
      });
    }
    const bank = idealBank(data.bank)?.name;
    return gatewayPage({
      lang: data.locale,
      title: t('provider.bank.title'),
      brand: t('provider.bank.brand', { method }),
      body: `<h1>${escapeHtml(t('provider.bank.title'))}</h1>
<p>${escapeHtml(t('provider.bank.explain'))}</p>
<table>${bank ? row(t('provider.bank.bank'), bank) : ''}${row(t('provider.bank.amount'), amount)}${row(
        t('provider.bank.order'),
        data.orderNumber,
      )}</table>
${answerForm(action, [
  { name: 'answer', value: 'authorise', label: t('provider.bank.authorise') },
  { name: 'answer', value: 'decline', label: t('provider.bank.decline'), secondary: true },
  { name: 'answer', value: 'cancel', label: t('provider.bank.cancel'), secondary: true },
])}`,
    });
  };

  return {
    id: TEST_BANK,
    name: { en: 'Bank payment', fr: 'Paiement bancaire', de: 'Banküberweisung', nl: 'Bankbetaling' },
    async createPayment(request) {
      const reference = referenceOf(request.idempotencyKey);
      const seen = await store.find<BankData>(reference);
      if (seen) return resultOf(seen);
      // The shop checks the bank before it places the order; a bank of no use is information missing.
      if (bankProblem(request.options, request.bank)) return { status: 'failed', decline: 'informationMissing', reference };
      const kind = request.options.kind === 'voucher' ? 'voucher' : 'bank';
      const data: BankData = {
        kind,
        method: request.method,
        orderToken: request.orderToken,
        orderNumber: request.orderNumber,
        locale: request.locale,
        origin: request.origin,
        ...(request.bank && kind === 'bank' ? { bank: request.bank } : {}),
        ...(kind === 'voucher'
          ? {
              voucherNumber: (BigInt(`0x${reference.slice(3, 19)}`) % 10n ** 16n)
                .toString()
                .padStart(16, '0')
                .replace(/(\d{4})(?=\d)/g, '$1 '),
              payBy: Date.now() + VOUCHER_PAY_WITHIN_MS,
            }
          : {}),
      };
      try {
        await store.create({ reference, status: 'awaiting', amount: request.amount, currencyCode: request.currencyCode, data });
      } catch (error) {
        // Two requests with one key at once: the first one stored is the payment of both.
        const first = await store.find<BankData>(reference);
        if (!first) throw error;
        return resultOf(first);
      }
      return resultOf(await find(reference));
    },
    retrieve: async (reference) => resultOf(await find(reference)),
    // A bank cannot be charged again: the shopper approves an offer on the bank's page once more and comes
    // back to the funnel. A voucher not yet paid at the store takes the offer on: its amount grows.
    oneClickPath: (options) => (options.kind === 'voucher' ? 'add' : 'redirect'),
    async addToPending(original, request) {
      const added = await store.addAmount(original, ['voucher'], request.amount, request.idempotencyKey);
      return added
        ? { status: 'pending', reason: 'voucher', reference: original }
        : { status: 'failed', decline: 'paymentError', reference: original };
    },
    // The bank's page not yet answered, or a voucher not yet paid (it is voided): it ends. A payment the
    // shopper authorised is the bank's now: its webhook says how it ended (and its money is given back).
    async cancel(reference) {
      await store.move(reference, ['awaiting', 'voucher'], 'canceled');
    },
    async refund(reference, amount, idempotencyKey) {
      return { refunded: await store.refund(reference, amount, idempotencyKey) };
    },
    async webhook(raw, headers): Promise<WebhookEvent> {
      verifyBankWebhook(context.test.bankWebhookSecret, raw, headers.get(SIGNATURE_HEADER));
      const body = readBankWebhook(raw);
      const decline: FailureName = body.code !== undefined ? failureOf(body.code)! : 'authorizationFailed';
      const result: PaymentResult =
        body.type === 'payment.succeeded'
          ? { status: 'succeeded', reference: body.reference }
          : { status: 'failed', decline, reference: body.reference };
      // The bank's own records say what its webhook says (retrieve answers the same from now on). An event
      // about a payment that had ended already (failed, canceled) says how it ended, as a bank's would.
      const moved = await store.move(
        body.reference,
        WAITING_STATES,
        result.status,
        result.status === 'failed' ? { decline: result.decline } : {},
      );
      const recorded = moved ? null : await store.find<BankData>(body.reference);
      return { eventId: body.id, reference: body.reference, result: recorded ? resultOf(recorded) : result };
    },
    // The bank's page: the shopper authorises, declines or cancels (a voucher: will pay at a store). The
    // bank's webhook follows an answer that leaves the payment with the bank.
    routes: () =>
      answerRoutes<BankData>({
        store,
        path: '/pay',
        waiting: 'awaiting',
        page,
        answers: (payment): Record<string, AnswerMove> =>
          payment.data.kind === 'voucher'
            ? { voucher: ['voucher'], cancel: ['canceled'] }
            : { authorise: ['authorised'], decline: ['declined'], cancel: ['canceled'] },
        answered: (payment, state) => {
          if (state === 'authorised') later(payment.reference, 'payment.succeeded');
          if (state === 'declined') later(payment.reference, 'payment.failed');
        },
      }),
  };
}
