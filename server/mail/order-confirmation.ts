// The order confirmation mail (issue 8, "Confirmation email on payment"), sent once the order is paid:
// order number, lines, every total, shipping address, and links to the thank-you and tracking pages,
// in the order's language (the caller passes that locale's translator). HTML with a plain-text
// alternative; everything the shopper or the merchant typed is escaped.
import type { CheckoutTotals, Money, Order } from '../../schemas/generated/api';
import { formatDate } from '../../renderer/i18n/date-format';
import { intlLocale } from '../../renderer/i18n/locales';
import type { Translator } from '../../renderer/i18n/translator';
import { escapeHtml as esc, mailDocument, mailStyles as s } from './html';
import { addressLines } from './mail-address';
import { mailMoney, type MoneyFormats } from './mail-money';

export interface OrderMailOptions {
  t: Translator;
  shopName: string;
  /** The shop's public address (PUBLIC_URL), without a trailing slash. */
  publicUrl: string;
  /** The shop's currencies (site.currencies), for its own money formats; the language's format without. */
  currencies?: MoneyFormats;
}

/** The rows under the lines: what was bought, the discounts, the subtotal, then what is added to it. */
function totalRows(
  totals: CheckoutTotals,
  t: Translator['t'],
): { label: string; money: Money; minus?: boolean; free?: boolean }[] {
  return [
    { label: t('mail.order.items'), money: totals.totalLineItemsPrice },
    ...(totals.totalDiscounts.amount > 0
      ? [{ label: t('mail.order.discounts'), money: totals.totalDiscounts, minus: true }]
      : []),
    { label: t('mail.order.subtotal'), money: totals.subtotalPrice },
    { label: t('mail.order.shipping'), money: totals.totalShippingPrice, free: true },
    ...(totals.shippingInsurancePrice.amount > 0
      ? [{ label: t('mail.order.insurance'), money: totals.shippingInsurancePrice }]
      : []),
    ...(totals.tipPrice.amount > 0 ? [{ label: t('mail.order.tip'), money: totals.tipPrice }] : []),
  ];
}

export function orderConfirmationMail(order: Order, options: OrderMailOptions): { subject: string; text: string; html: string } {
  const { t } = options.t;
  const locale = options.t.locale;
  const format = mailMoney(locale, options.currencies);
  const money = (m: Money, opts: { minus?: boolean; free?: boolean } = {}) =>
    opts.free && m.amount === 0 ? t('price.free') : `${opts.minus ? '−' : ''}${format(m)}`;
  const base = options.publicUrl.replace(/\/+$/, '');
  const orderUrl = `${base}/thankyou/${order.token}`;
  const trackUrl = `${base}/track/${order.token}`;
  // An offer taken in a funnel is an order of its own, added to the one it ships with: the mail says so.
  const subject = order.addedTo
    ? t('mail.order.addedSubject', { number: order.addedTo })
    : t('mail.order.subject', { number: order.number });
  const name = order.shippingAddress?.firstName.trim();
  const greeting = name ? t('mail.order.thanksNamed', { name }) : t('mail.order.thanks');
  const intro = order.addedTo
    ? t('mail.order.addedIntro', { number: order.addedTo })
    : t('mail.order.intro', { number: order.number, date: formatDate(order.createdAt, locale) });
  const lines = order.lines.map((line) => ({
    title: line.title,
    variant: line.variant,
    quantity: t('mail.order.quantity', { count: line.quantity }),
    total: money(line.lineTotal),
  }));
  const rows = totalRows(order.totals, t).map((row) => ({ label: row.label, value: money(row.money, row) }));
  const total = { label: t('mail.order.total'), value: money(order.totals.totalPrice) };
  const address = order.shippingAddress ? addressLines(order.shippingAddress, locale) : [];
  const footer = t('mail.order.why', { shop: options.shopName });
  const labelled = (label: string, value: string) => t('mail.labelled', { label, value });

  const text = [
    greeting,
    '',
    intro,
    '',
    labelled(t('mail.order.orderNumber'), order.number),
    '',
    ...lines.map((l) => labelled(`${l.title}${l.variant ? ` (${l.variant})` : ''}, ${l.quantity}`, l.total)),
    '',
    ...rows.map((r) => labelled(r.label, r.value)),
    labelled(total.label, total.value),
    ...(address.length ? ['', labelled(t('mail.order.shippingAddress'), '').trimEnd(), ...address] : []),
    '',
    labelled(t('mail.order.viewOrder'), orderUrl),
    labelled(t('mail.order.trackOrder'), trackUrl),
    '',
    '-- ',
    footer,
    '',
  ].join('\n');

  const body = `<h1 style="font-size:22px;margin:0 0 8px">${esc(greeting)}</h1>
<p>${esc(intro)}</p>
<p>${esc(labelled(t('mail.order.orderNumber'), order.number))}</p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:16px 0">
${lines
  .map(
    (l) =>
      `<tr><td style="${s.cell}">${esc(l.title)}${l.variant ? `<br><span style="${s.muted}">${esc(l.variant)}</span>` : ''}<br><span style="${s.muted}">${esc(l.quantity)}</span></td><td style="${s.amount}">${esc(l.total)}</td></tr>`,
  )
  .join('\n')}
${rows.map((r) => `<tr><td style="${s.cell}">${esc(r.label)}</td><td style="${s.amount}">${esc(r.value)}</td></tr>`).join('\n')}
<tr><td style="${s.total}">${esc(total.label)}</td><td style="${s.total};text-align:right">${esc(total.value)}</td></tr>
</table>
${address.length ? `<h2 style="font-size:16px;margin:24px 0 4px">${esc(t('mail.order.shippingAddress'))}</h2>\n<p style="margin:0">${address.map(esc).join('<br>')}</p>` : ''}
<p style="margin:24px 0 8px"><a href="${esc(orderUrl)}" style="${s.button}">${esc(t('mail.order.viewOrder'))}</a></p>
<p><a href="${esc(trackUrl)}" style="${s.link}">${esc(t('mail.order.trackOrder'))}</a></p>`;

  return {
    subject,
    text,
    html: mailDocument({ locale: intlLocale(locale), title: subject, shopName: options.shopName, body, footer: esc(footer) }),
  };
}
