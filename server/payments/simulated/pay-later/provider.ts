// The built-in test pay-later provider (Klarna / Afterpay / Zip style, spec section 9): a payment sends the
// shopper to the provider's own page, which shows the plan (installments today and in 2, 4 and 6 weeks, or
// the whole amount in 30 days, interest-free) with its due dates, and asks to approve it. Approving pays
// the order; declining is a refused credit check (8007 authorizationFailed, the order stays payable);
// canceling is "canceled by customer". Then the shopper goes back to the shop's return page, which asks
// `retrieve`. Payments live in the database (test-gateway/store.ts), keyed by the idempotency key, so the
// same key gets the same payment in every process and charges once. The plan is the one the product page
// and the checkout show (schemas/installments.ts), priced from the order's amount.
import { createHash } from 'node:crypto';
import type { InstallmentPlan } from '../../../../schemas/generated/api';
import { installmentPlan, type PlanOptions } from '../../../../schemas/installments';
import type { Db } from '../../../db/connect';
import type { PaymentResult, Provider, ProviderContext } from '../../provider';
import { answerRoutes } from '../gateway/answer-routes';
import { answerForm, escapeHtml, gatewayPage } from '../gateway/page';
import { createGatewayStore, type GatewayPayment } from '../gateway/store';

export const TEST_PAY_LATER = 'test-pay-later';

/** The brands the demo's methods stand for (names, not words: not translated). */
const BRANDS: Record<string, string> = { klarna: 'Klarna', afterpay: 'Afterpay', zip: 'Zip' };

interface PayLaterData extends Record<string, unknown> {
  method: string;
  options: PlanOptions;
  orderToken: string;
  locale: string;
  origin: string;
}

/** The provider's states: waiting for the shopper's answer on its page, then how it ended. */
type PayLaterState = 'waiting' | 'succeeded' | 'failed' | 'canceled';
type Answer = 'approve' | 'decline' | 'cancel';
const ANSWERS: Record<Answer, Exclude<PayLaterState, 'waiting'>> = {
  approve: 'succeeded',
  decline: 'failed',
  cancel: 'canceled',
};

/** Intl knows Chinese as zh (the shop's locale code is cn). */
const intlLocale = (locale: string) => (locale === 'cn' ? 'zh' : locale);

export function formatAmount(amount: number, currencyCode: string, locale: string): string {
  const format = new Intl.NumberFormat(intlLocale(locale), { style: 'currency', currency: currencyCode });
  return format.format(amount / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
}

export function createTestPayLaterProvider(db: Db, context: ProviderContext): Provider {
  const store = createGatewayStore(db, TEST_PAY_LATER, 'pl');
  const referenceOf = (idempotencyKey: string) => `pl_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 24)}`;
  const pagePath = (reference: string) => `/api/payment-providers/${TEST_PAY_LATER}/pay/${reference}`;

  function resultOf(payment: GatewayPayment<PayLaterData>): PaymentResult {
    const { reference } = payment;
    switch (payment.status as PayLaterState) {
      case 'succeeded':
        return { status: 'succeeded', reference };
      case 'failed':
        return { status: 'failed', decline: 'authorizationFailed', reference };
      case 'canceled':
        return { status: 'canceled', reference };
      case 'waiting':
        return { status: 'action', action: 'redirect', redirectUrl: `${payment.data.origin}${pagePath(reference)}`, reference };
    }
  }

  async function find(reference: string) {
    const payment = await store.find<PayLaterData>(reference);
    if (!payment) throw new Error(`the test pay-later provider has no payment ${reference}`);
    return payment;
  }

  /** The plan with its due dates, as the provider's page shows it. */
  const page = (payment: GatewayPayment<PayLaterData>) => {
    const { locale, method, options } = payment.data;
    const t = (key: string, values?: Record<string, string | number>) => context.translate(locale, key, values);
    const money = (amount: number) => formatAmount(amount, payment.currencyCode, locale);
    const plan: InstallmentPlan = installmentPlan(payment.amount, payment.currencyCode, options);
    const dates = new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'long' });
    const dayMs = 86_400_000;
    const title =
      plan.kind === 'payLater'
        ? t('provider.payLater.titlePayLater', { count: plan.interestFreeDays ?? plan.parts[0]!.dueInDays })
        : t('provider.payLater.titleInstallments', { count: plan.parts.length });
    const rows = plan.parts
      .map((part) => {
        const date = dates.format(new Date(payment.createdAt.getTime() + part.dueInDays * dayMs));
        const due = part.dueInDays === 0 ? t('provider.payLater.today', { date }) : date;
        return `<tr><td>${escapeHtml(due)}</td><td>${escapeHtml(money(part.amount.amount))}</td></tr>`;
      })
      .join('');
    return gatewayPage({
      lang: locale,
      title,
      brand: t('provider.payLater.brand', { method: BRANDS[method] ?? method }),
      body: `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(t('provider.payLater.explain', { amount: money(payment.amount) }))}</p>
<table><caption class="amount">${escapeHtml(t('provider.payLater.schedule'))}</caption>
<thead><tr><th scope="col">${escapeHtml(t('provider.payLater.due'))}</th><th scope="col">${escapeHtml(t('provider.payLater.amount'))}</th></tr></thead>
<tbody>${rows}</tbody></table>
${answerForm(pagePath(payment.reference), [
  { name: 'answer', value: 'approve', label: t('provider.payLater.approve') },
  { name: 'answer', value: 'decline', label: t('provider.payLater.decline'), secondary: true },
  { name: 'answer', value: 'cancel', label: t('provider.payLater.cancel'), secondary: true },
])}`,
    });
  };

  return {
    id: TEST_PAY_LATER,
    name: { en: 'Pay later', fr: 'Payer plus tard', de: 'Später bezahlen' },
    async createPayment(request) {
      const reference = referenceOf(request.idempotencyKey);
      const seen = await store.find<PayLaterData>(reference);
      if (seen) return resultOf(seen);
      const data: PayLaterData = {
        method: request.method,
        options: request.options as PlanOptions,
        orderToken: request.orderToken,
        locale: request.locale,
        origin: request.origin,
      };
      await store.create({ reference, status: 'waiting', amount: request.amount, currencyCode: request.currencyCode, data });
      // Two requests with one key at once: the first one stored is the payment of both.
      return resultOf((await store.find<PayLaterData>(reference))!);
    },
    async retrieve(reference) {
      return resultOf(await find(reference));
    },
    async cancel(reference) {
      await store.move(reference, ['waiting'], 'canceled');
    },
    async refund(reference, amount, idempotencyKey) {
      return { refunded: await store.refund(reference, amount, idempotencyKey) };
    },
    // The provider's page: the plan and its due dates; approve, decline or cancel.
    routes: () =>
      answerRoutes<PayLaterData>({
        store,
        path: '/pay',
        waiting: 'waiting',
        page,
        answers: () => Object.fromEntries(Object.entries(ANSWERS).map(([answer, state]) => [answer, [state]])),
      }),
  };
}
