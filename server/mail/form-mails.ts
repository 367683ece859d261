// The mails of the shopper's forms (issue 26): a contact message and feedback to the merchant (in the
// shop's language, reply-to the shopper), the shopper's copy of their message, and the newsletter's
// confirmation link and welcome (in the subscriber's language). Every newsletter mail carries its
// unsubscribe link, in the text and as List-Unsubscribe with List-Unsubscribe-Post (RFC 8058: a mail
// program unsubscribes with one POST, no page to open). HTML with a plain-text alternative; no tracking.
import { intlLocale } from '../../renderer/i18n/locales';
import type { Translator } from '../../renderer/i18n/translator';
import { PROOF_LIFETIME_MS } from '../commerce/customers/email-proofs';
import type { FormMail, UnsubscribeLink } from '../commerce/forms/form-mail';
import type { Mail } from './mailer';
import { escapeHtml as esc, mailDocument, mailStyles as s } from './html';

export interface FormMailOptions {
  /** The translator of the mail's reader: the merchant's (the shop's default language) or the shopper's. */
  t: Translator;
  shopName: string;
  /** The shop's public address (PUBLIC_URL). */
  publicUrl: string;
  /** Where the merchant's mails go. */
  merchantEmail: string;
}

/** The pages a newsletter mail's links open (renderer/routes/newsletter.tsx). */
export const NEWSLETTER_LINKS = {
  confirm: '/newsletter/confirm',
  unsubscribe: '/newsletter/unsubscribe',
  /** The one-click address of List-Unsubscribe: a mail program POSTs to it (server/api/newsletter.ts). */
  oneClick: '/api/newsletter/unsubscribe',
} as const;

interface Parts {
  subject: string;
  paragraphs: string[];
  /** Label and value lines (a message's details). */
  details?: [string, string][];
  /** A block of the shopper's own text, quoted as typed. */
  quote?: string;
  action?: { label: string; url: string };
  footer: string;
}

export function formMail(mail: FormMail, options: FormMailOptions): Mail {
  const { t } = options.t;
  const shop = options.shopName;
  const base = options.publicUrl.replace(/\/+$/, '');
  const link = (path: string, query: Record<string, string | number>) =>
    `${base}${path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()}`;
  const unsubscribeAt = (u: UnsubscribeLink) => link(NEWSLETTER_LINKS.unsubscribe, { id: u.id, sig: u.sig });
  let parts: Parts;
  const to: string = mail.to === 'merchant' ? options.merchantEmail : mail.to;
  let replyTo: string | undefined;
  let headers: Record<string, string> | undefined;
  switch (mail.kind) {
    case 'contact':
      replyTo = mail.replyTo;
      parts = {
        subject: t('formMail.contact.subject', { name: mail.name, shop }),
        paragraphs: [t('formMail.contact.intro', { name: mail.name, shop })],
        details: [
          [t('formMail.fields.name'), mail.name],
          [t('formMail.fields.email'), mail.email],
          ...(mail.phone ? [[t('formMail.fields.phone'), mail.phone] as [string, string]] : []),
          [t('formMail.fields.language'), mail.locale],
          [t('formMail.fields.reference'), `#${mail.id}`],
        ],
        quote: mail.message,
        footer: t('formMail.contact.footer', { shop }),
      };
      break;
    case 'contactCopy':
      parts = {
        subject: t('formMail.contactCopy.subject', { shop }),
        paragraphs: [t('formMail.contactCopy.greeting', { name: mail.name }), t('formMail.contactCopy.intro', { shop })],
        quote: mail.message,
        footer: t('formMail.contactCopy.footer', { shop }),
      };
      break;
    case 'feedback':
      replyTo = mail.replyTo ?? undefined;
      parts = {
        subject: t('formMail.feedback.subject', { rating: mail.rating, shop }),
        paragraphs: [t('formMail.feedback.intro', { shop })],
        details: [
          [t('formMail.fields.rating'), `${mail.rating}/5`],
          [t('formMail.fields.email'), mail.replyTo ?? t('formMail.feedback.noEmail')],
          ...(mail.pagePath ? [[t('formMail.fields.page'), `${base}${mail.pagePath}`] as [string, string]] : []),
          [t('formMail.fields.language'), mail.locale],
          [t('formMail.fields.reference'), `#${mail.id}`],
        ],
        quote: mail.message,
        footer: t('formMail.feedback.footer', { shop }),
      };
      break;
    case 'newsletterConfirm':
      parts = {
        subject: t('formMail.newsletterConfirm.subject', { shop }),
        paragraphs: [
          t('formMail.newsletterConfirm.intro', { shop }),
          // The same words as an activation link's, which lives as long.
          t('accountMail.activate.expires', { count: PROOF_LIFETIME_MS.newsletter / 3600_000 }),
        ],
        action: { label: t('formMail.newsletterConfirm.action'), url: link(NEWSLETTER_LINKS.confirm, { token: mail.secret }) },
        footer: t('formMail.newsletterConfirm.ignore'),
      };
      break;
    case 'newsletterWelcome':
      parts = {
        subject: t('formMail.newsletterWelcome.subject', { shop }),
        paragraphs: [t('formMail.newsletterWelcome.intro', { shop })],
        footer: t('formMail.newsletterWelcome.footer', { shop }),
      };
      break;
  }
  if (mail.kind === 'newsletterConfirm' || mail.kind === 'newsletterWelcome') {
    const oneClick = link(NEWSLETTER_LINKS.oneClick, { id: mail.unsubscribe.id, sig: mail.unsubscribe.sig });
    headers = { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
    parts.details = [[t('formMail.unsubscribe'), unsubscribeAt(mail.unsubscribe)]];
  }
  const { subject, paragraphs, details = [], quote, action, footer } = parts;
  const text = [
    ...paragraphs.flatMap((p) => [p, '']),
    ...(quote !== undefined ? [quote.replace(/^/gm, '> '), ''] : []),
    ...details.map(([label, value]) => t('mail.labelled', { label, value })),
    ...(details.length ? [''] : []),
    ...(action ? [t('mail.labelled', { label: action.label, value: action.url }), ''] : []),
    '-- ',
    footer,
    '',
  ].join('\n');
  const body = `${paragraphs.map((p) => `<p>${esc(p)}</p>`).join('\n')}
${quote !== undefined ? `<blockquote style="margin:16px 0;padding:8px 16px;border-left:4px solid #d6d3d1;white-space:pre-wrap">${esc(quote)}</blockquote>` : ''}
${details.length ? `<table role="presentation" style="border-collapse:collapse">${details.map(([label, value]) => `<tr><td style="${s.cell};padding-right:16px">${esc(label)}</td><td style="${s.cell}">${/^https?:\/\//.test(value) ? `<a href="${esc(value)}" style="${s.link}">${esc(value)}</a>` : esc(value)}</td></tr>`).join('')}</table>` : ''}
${action ? `<p style="margin:24px 0"><a href="${esc(action.url)}" style="${s.button}">${esc(action.label)}</a></p>` : ''}`;
  return {
    to,
    subject,
    text,
    html: mailDocument({ locale: intlLocale(options.t.locale), title: subject, shopName: shop, body, footer: esc(footer) }),
    ...(replyTo ? { replyTo } : {}),
    ...(headers ? { headers } : {}),
  };
}
