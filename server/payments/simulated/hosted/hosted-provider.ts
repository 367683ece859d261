// A simulated hosted payment page, the shape PacyPay, Oceanpayment, Payssion and Airwallex share: the
// shop creates the payment, the shopper's browser carries the provider's signed fields to its entry
// (refused when a field was changed), the provider's page takes the payment (pay, decline, cancel), the
// shopper comes back to the shop's return page and the provider also sends its signed notification.
// Whichever of the return and the notification comes first settles the order
// (server/commerce/orders/settle-payment.ts). Each provider gives its own field names and signatures;
// the records, the page and the webhook are this one module's (the gateway store of the test providers).
import { createHash, randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import type { LocalizedText } from '../../../db/schema';
import type { Db } from '../../../db/connect';
import type { FailureName, PaymentRequest, PaymentResult, Provider, ProviderContext, WebhookEvent } from '../../provider';
import { idealBank } from '../bank/banks';
import { answerRoutes } from '../gateway/answer-routes';
import { answerForm, escapeHtml, gatewayPage, money } from '../gateway/page';
import { createGatewayStore, type GatewayPayment } from '../gateway/store';
import { sameDigest } from './digest';

export type HostedState = 'awaiting' | 'succeeded' | 'failed' | 'canceled';

export interface HostedData extends Record<string, unknown> {
  method: string;
  orderToken: string;
  orderNumber: string;
  locale: string;
  origin: string;
  bank?: string;
  decline?: FailureName;
  /** Where the shopper goes after paying, when the shop's call named it (Oceanpayment's nextHandle). */
  nextHandle?: string;
}

export type HostedPayment = GatewayPayment<HostedData>;

/** What a verified notification says. */
export interface Notice {
  eventId: string;
  reference: string;
  state: 'succeeded' | 'failed';
}

export interface HostedSpec {
  id: string;
  /** The references' prefix (`pp_`, `op_`, …). */
  prefix: string;
  /** The provider's name on its page (a brand, the same in every language). */
  brand: string;
  name: LocalizedText;
  /**
   * The signed fields the shopper's browser carries to the provider's entry, as the provider documents
   * them (`signature` names the one holding the signature). Absent: the shopper goes straight to the page.
   */
  entry?: { fields(payment: HostedPayment): Record<string, string>; reference: string; signature: string };
  /** The provider's signed notification that a payment ended: its raw body and headers. */
  notice(payment: HostedPayment, state: Notice['state'], eventId: string): { body: string; headers: Record<string, string> };
  /** Verifies and reads a notification; throws when it is not genuine; null for an event the shop does not read. */
  readNotice(raw: string, headers: Headers): Notice | null;
}

export interface HostedProvider extends Provider {
  /** The gateway's record of a payment (the provider's own calls: a signature, where to go after). */
  record(reference: string): Promise<HostedPayment | null>;
  /** The signed fields of a payment's entry and where they are posted (null when the provider has none). */
  entryOf(payment: HostedPayment): { action: string; fields: Record<string, string> } | null;
  /** Sends the provider's notification of a payment now (tests, the bench). */
  notify(reference: string): Promise<void>;
  /** Adds to a waiting payment's record what the shop's call told of it (where to go after). */
  note(reference: string, data: Pick<HostedData, 'nextHandle'>): Promise<void>;
}

export function createHostedProvider(db: Db, context: ProviderContext, spec: HostedSpec): HostedProvider {
  const store = createGatewayStore(db, spec.id, spec.prefix);
  const base = `/api/payment-providers/${spec.id}`;
  const referenceOf = (key: string) => `${spec.prefix}_${createHash('sha256').update(key).digest('hex').slice(0, 24)}`;
  const entryPath = `${base}/checkout`;
  const entryUrl = (payment: HostedPayment) =>
    spec.entry
      ? `${payment.data.origin}${entryPath}?${new URLSearchParams(spec.entry.fields(payment)).toString()}`
      : `${payment.data.origin}${base}/pay/${payment.reference}`;

  function resultOf(payment: HostedPayment): PaymentResult {
    const { reference } = payment;
    switch (payment.status as HostedState) {
      case 'awaiting':
        return { status: 'action', action: 'redirect', redirectUrl: entryUrl(payment), reference };
      case 'succeeded':
        return { status: 'succeeded', reference };
      case 'failed':
        return { status: 'failed', decline: payment.data.decline ?? 'authorizationFailed', reference };
      default:
        return { status: 'canceled', reference };
    }
  }

  async function find(reference: string) {
    const payment = await store.find<HostedData>(reference);
    if (!payment) throw new Error(`${spec.id} has no payment ${reference}`);
    return payment;
  }

  async function notify(reference: string) {
    const payment = await find(reference);
    if (payment.status !== 'succeeded' && payment.status !== 'failed') return;
    const { body, headers } = spec.notice(payment, payment.status, `evt_${randomBytes(12).toString('hex')}`);
    await context.deliverWebhook(spec.id, body, headers);
  }

  /** The provider notifies a while after the shopper answered, as a real one does (0: never, tests send it). */
  function later(reference: string) {
    const ms = context.test.bankWebhookAfterMs;
    if (!(ms > 0)) return;
    setTimeout(() => {
      notify(reference).catch((error) => context.log(`${spec.id} could not send its notification for ${reference}`, error));
    }, ms).unref();
  }

  const page = (payment: HostedPayment) => {
    const t = (key: string, options?: Record<string, string | number>) => context.translate(payment.data.locale, key, options);
    const row = (label: string, value: string) =>
      `<tr><th scope="row">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`;
    const bank = idealBank(payment.data.bank)?.name;
    return gatewayPage({
      lang: payment.data.locale,
      title: t('provider.hosted.title'),
      brand: t('provider.hosted.brand', { brand: spec.brand }),
      body: `<h1>${escapeHtml(t('provider.hosted.title'))}</h1>
<p>${escapeHtml(t('provider.hosted.explain', { brand: spec.brand }))}</p>
<table>${bank ? row(t('provider.bank.bank'), bank) : ''}${row(t('provider.bank.amount'), money(payment.amount, payment.currencyCode, payment.data.locale))}${row(
        t('provider.bank.order'),
        payment.data.orderNumber,
      )}</table>
${answerForm(`${base}/pay/${payment.reference}`, [
  { name: 'answer', value: 'pay', label: t('provider.hosted.pay') },
  { name: 'answer', value: 'decline', label: t('provider.hosted.decline'), secondary: true },
  { name: 'answer', value: 'cancel', label: t('provider.hosted.cancel'), secondary: true },
])}`,
    });
  };

  /** The entry: the browser's fields must be those the shop signed for the payment, unchanged. */
  const entry = async (fields: Record<string, string>) => {
    if (!spec.entry) return null;
    const payment = await store.find<HostedData>(fields[spec.entry.reference] ?? '');
    if (!payment) return null;
    const expected = spec.entry.fields(payment);
    const { signature } = spec.entry;
    const same = Object.entries(expected).every(([name, value]) =>
      name === signature ? sameDigest(value, fields[name]) : fields[name] === value,
    );
    return same ? payment : null;
  };
  const enter = async (fields: Record<string, string>, redirect: (to: string) => Response, refuse: () => Response) => {
    const payment = await entry(fields);
    return payment ? redirect(`${base}/pay/${payment.reference}`) : refuse();
  };

  const provider: HostedProvider = {
    id: spec.id,
    name: spec.name,
    async createPayment(request: PaymentRequest) {
      const data: HostedData = {
        method: request.method,
        orderToken: request.orderToken,
        orderNumber: request.orderNumber,
        locale: request.locale,
        origin: request.origin,
        ...(request.bank ? { bank: request.bank } : {}),
      };
      // The same key again (or two at once): the first payment stored is the one of both.
      const payment = await store.createOnce({
        reference: referenceOf(request.idempotencyKey),
        status: 'awaiting',
        amount: request.amount,
        currencyCode: request.currencyCode,
        data,
      });
      return resultOf(payment);
    },
    retrieve: async (reference) => resultOf(await find(reference)),
    // The provider keeps nothing to charge again without the shopper (no saved card, no vaulted approval):
    // an offer after paying here is paid on the provider's page once more, as a bank's is.
    oneClickPath: () => 'redirect',
    // Not yet answered on the provider's page: it ends, and the page sends the shopper back.
    async cancel(reference) {
      await store.move(reference, ['awaiting'], 'canceled');
    },
    async refund(reference, amount, idempotencyKey) {
      return { refunded: await store.refund(reference, amount, idempotencyKey) };
    },
    async webhook(raw, headers): Promise<WebhookEvent | null> {
      const notice = spec.readNotice(raw, headers);
      if (!notice) return null;
      // The provider's records say what its notification says; one about a payment that had ended says how.
      await store.move(
        notice.reference,
        ['awaiting'],
        notice.state,
        notice.state === 'failed' ? { decline: 'authorizationFailed' } : {},
      );
      return { eventId: notice.eventId, reference: notice.reference, result: resultOf(await find(notice.reference)) };
    },
    record: (reference) => store.find<HostedData>(reference),
    entryOf: (payment) => (spec.entry ? { action: entryPath, fields: spec.entry.fields(payment) } : null),
    notify,
    async note(reference, data) {
      await store.move(reference, ['awaiting'], 'awaiting', data);
    },
    routes: () =>
      new Hono()
        .get('/checkout', (c) =>
          enter(
            c.req.query(),
            (to) => c.redirect(to, 303),
            () => c.text('The payment request is not signed as sent', 400),
          ),
        )
        .post('/checkout', async (c) => {
          const form = await c.req.parseBody();
          const fields = Object.fromEntries(Object.entries(form).filter((e): e is [string, string] => typeof e[1] === 'string'));
          return enter(
            fields,
            (to) => c.redirect(to, 303),
            () => c.text('The payment request is not signed as sent', 400),
          );
        })
        .route(
          '/',
          answerRoutes<HostedData>({
            store,
            path: '/pay',
            waiting: 'awaiting',
            page,
            answers: () => ({
              pay: ['succeeded'],
              decline: ['failed', { decline: 'authorizationFailed' }],
              cancel: ['canceled'],
            }),
            answered: (payment, state) => {
              if (state !== 'canceled') later(payment.reference);
            },
          }),
        ),
  };
  return provider;
}
