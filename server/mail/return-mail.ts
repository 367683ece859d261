// The mail a customer gets when the merchant moves their return (issue 25), in the customer's language:
// what happened (approved, rejected, received, refunded with the amount), the merchant's note, and a link
// to the order in the account. HTML with a plain-text alternative; no tracking, no images.
import { intlLocale } from '../../renderer/i18n/locales';
import type { Translator } from '../../renderer/i18n/translator';
import type { ReturnStatusMail } from '../commerce/returns/return-status-mail';
import { escapeHtml as esc, mailDocument, mailStyles as s } from './html';
import type { Mail } from './mailer';
import { mailMoney, type MoneyFormats } from './mail-money';

export interface ReturnMailOptions {
  t: Translator;
  shopName: string;
  /** The shop's public address (PUBLIC_URL). */
  publicUrl: string;
  /** The shop's currencies: amounts in the pages' formats. */
  currencies?: MoneyFormats;
}

export function returnMail(mail: ReturnStatusMail, options: ReturnMailOptions): Mail {
  const { t } = options.t;
  const shop = options.shopName;
  const number = mail.orderNumber;
  const money = mailMoney(options.t.locale, options.currencies);
  const url = `${options.publicUrl.replace(/\/+$/, '')}/account/orderDetails?id=${mail.orderId}`;
  const subject = t(`returns.mail.${mail.status}.subject`, { number, shop });
  const paragraphs = [
    t(`returns.mail.${mail.status}.intro`, { number, shop, ...(mail.refund ? { amount: money(mail.refund) } : {}) }),
    ...(mail.note ? [t('returns.mail.note', { note: mail.note })] : []),
  ];
  const greeting = mail.firstName ? t('accountMail.greeting', { name: mail.firstName }) : t('returns.mail.greeting');
  const action = t('returns.mail.action');
  const footer = t('returns.mail.footer', { shop });
  const text = [
    greeting,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    t('mail.labelled', { label: action, value: url }),
    '',
    '-- ',
    footer,
    '',
  ].join('\n');
  const body = `<p>${esc(greeting)}</p>
${paragraphs.map((p) => `<p>${esc(p)}</p>`).join('\n')}
<p style="margin:24px 0"><a href="${esc(url)}" style="${s.button}">${esc(action)}</a></p>`;
  return {
    to: mail.to,
    subject,
    text,
    html: mailDocument({ locale: intlLocale(options.t.locale), title: subject, shopName: shop, body, footer: esc(footer) }),
  };
}
