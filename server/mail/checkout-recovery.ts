// The one reminder an abandoned checkout gets (issue 8, "Abandoned-checkout recovery"): what was left in
// the checkout with its prices, a link that restores it, and a line saying why the mail came and how to
// stop such reminders. In the checkout's language; HTML with a plain-text alternative.
import type { Money } from '../../schemas/generated/api';
import { intlLocale } from '../../renderer/i18n/locales';
import type { Translator } from '../../renderer/i18n/translator';
import { escapeHtml as esc, mailDocument, mailStyles as s } from './html';
import { mailMoney, type MoneyFormats } from './mail-money';

export interface RecoveryMailContent {
  lines: { title: string; variant: string; quantity: number; lineTotal: Money }[];
  items: Money;
  discounts: Money;
  subtotal: Money;
}

export interface RecoveryMailOptions {
  t: Translator;
  shopName: string;
  /** The shop's public address (PUBLIC_URL). */
  publicUrl: string;
  /** The checkout's recovery key. */
  recoveryKey: string;
  currencies?: MoneyFormats;
}

export function checkoutRecoveryMail(content: RecoveryMailContent, options: RecoveryMailOptions) {
  const { t } = options.t;
  const locale = options.t.locale;
  const money = mailMoney(locale, options.currencies);
  const labelled = (label: string, value: string) => t('mail.labelled', { label, value });
  const base = options.publicUrl.replace(/\/+$/, '');
  const resumeUrl = `${base}/checkout/recover/${options.recoveryKey}`;
  const stopUrl = `${resumeUrl}/stop`;
  const shop = options.shopName;
  const subject = t('mail.recovery.subject', { shop });
  const heading = t('mail.recovery.heading');
  const intro = t('mail.recovery.intro', { shop });
  const why = t('mail.recovery.why', { shop });
  const lines = content.lines.map((l) => ({
    title: l.variant ? `${l.title} (${l.variant})` : l.title,
    quantity: t('mail.order.quantity', { count: l.quantity }),
    total: money(l.lineTotal),
  }));
  const rows = [
    ...(content.discounts.amount > 0
      ? [
          { label: t('mail.order.items'), value: money(content.items) },
          { label: t('mail.order.discounts'), value: `−${money(content.discounts)}` },
        ]
      : []),
    { label: t('mail.order.subtotal'), value: money(content.subtotal) },
  ];

  const text = [
    heading,
    '',
    intro,
    '',
    ...lines.map((l) => labelled(`${l.title}, ${l.quantity}`, l.total)),
    ...(lines.length ? [''] : []),
    ...rows.map((r) => labelled(r.label, r.value)),
    '',
    labelled(t('mail.recovery.resume'), resumeUrl),
    '',
    '-- ',
    why,
    labelled(t('mail.recovery.stop'), stopUrl),
    '',
  ].join('\n');

  const body = `<h1 style="font-size:22px;margin:0 0 8px">${esc(heading)}</h1>
<p>${esc(intro)}</p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:16px 0">
${lines
  .map(
    (l) =>
      `<tr><td style="${s.cell}">${esc(l.title)}<br><span style="${s.muted}">${esc(l.quantity)}</span></td><td style="${s.amount}">${esc(l.total)}</td></tr>`,
  )
  .join('\n')}
${rows.map((r) => `<tr><td style="${s.cell}">${esc(r.label)}</td><td style="${s.amount}">${esc(r.value)}</td></tr>`).join('\n')}
</table>
<p style="margin:24px 0"><a href="${esc(resumeUrl)}" style="${s.button}">${esc(t('mail.recovery.resume'))}</a></p>`;

  const footer = `${esc(why)}<br><a href="${esc(stopUrl)}" style="${s.link}">${esc(t('mail.recovery.stop'))}</a>`;
  return { subject, text, html: mailDocument({ locale: intlLocale(locale), title: subject, shopName: shop, body, footer }) };
}
