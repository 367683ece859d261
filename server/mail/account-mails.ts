// The customer accounts' mails (issue 25), in the customer's language: the activation link, a note to the
// owner when someone registers with their address, the reset link, "your password was changed" (with a
// "this wasn't me" link that signs out everywhere and sets a new password), the link confirming a new
// address, and a one-time code. HTML with a plain-text alternative; no tracking, no images.
import { intlLocale } from '../../renderer/i18n/locales';
import type { Translator } from '../../renderer/i18n/translator';
import type { AccountMail } from '../commerce/customers/account-mail';
import type { Mail } from './mailer';
import { escapeHtml as esc, mailDocument, mailStyles as s } from './html';

export interface AccountMailOptions {
  t: Translator;
  shopName: string;
  /** The shop's public address (PUBLIC_URL). */
  publicUrl: string;
}

/** The page a mail's link opens, with the secret in its query. */
export const ACCOUNT_LINKS = {
  activate: '/account/activate',
  reset: '/account/reset',
  changeEmail: '/account/email',
  login: '/account/login',
  forgotten: '/account/forgotten',
} as const;

export function accountMail(mail: AccountMail, options: AccountMailOptions): Mail {
  const { t } = options.t;
  const shop = options.shopName;
  const base = options.publicUrl.replace(/\/+$/, '');
  const link = (path: string, query: Record<string, string> = {}) => {
    const search = new URLSearchParams(query).toString();
    return `${base}${path}${search ? `?${search}` : ''}`;
  };
  const greeting = t('accountMail.greeting', { name: mail.firstName });
  let subject: string;
  let paragraphs: string[];
  let action: { label: string; url: string } | undefined;
  let footer = t('accountMail.ignore');
  switch (mail.kind) {
    case 'activate':
      subject = t('accountMail.activate.subject', { shop });
      paragraphs = [t('accountMail.activate.intro', { shop }), t('accountMail.activate.expires', { count: 48 })];
      action = { label: t('accountMail.activate.action'), url: link(ACCOUNT_LINKS.activate, { token: mail.secret }) };
      break;
    case 'alreadyRegistered':
      subject = t('accountMail.alreadyRegistered.subject', { shop });
      paragraphs = [t('accountMail.alreadyRegistered.intro', { shop }), t('accountMail.alreadyRegistered.forgotten')];
      action = { label: t('accountMail.alreadyRegistered.action'), url: link(ACCOUNT_LINKS.login) };
      footer = t('accountMail.alreadyRegistered.notYou');
      break;
    case 'reset':
      subject = t('accountMail.reset.subject', { shop });
      paragraphs = [t('accountMail.reset.intro', { shop }), t('accountMail.reset.expires', { count: 60 })];
      action = { label: t('accountMail.reset.action'), url: link(ACCOUNT_LINKS.reset, { token: mail.secret }) };
      break;
    case 'passwordChanged':
      subject = t('accountMail.passwordChanged.subject', { shop });
      paragraphs = [t('accountMail.passwordChanged.intro', { shop })];
      if (mail.secret) {
        paragraphs.push(t('accountMail.passwordChanged.notYou'));
        action = {
          label: t('accountMail.passwordChanged.action'),
          url: link(ACCOUNT_LINKS.reset, { token: mail.secret, signout: '1' }),
        };
      }
      footer = t('accountMail.passwordChanged.footer');
      break;
    case 'changeEmail':
      subject = t('accountMail.changeEmail.subject', { shop });
      paragraphs = [t('accountMail.changeEmail.intro', { shop }), t('accountMail.changeEmail.expires', { count: 24 })];
      action = { label: t('accountMail.changeEmail.action'), url: link(ACCOUNT_LINKS.changeEmail, { token: mail.secret }) };
      break;
    case 'code':
      subject = t('accountMail.code.subject', { shop, code: mail.code });
      paragraphs = [t('accountMail.code.intro', { shop }), mail.code, t('accountMail.code.expires', { count: 15 })];
      break;
  }
  const text = [
    greeting,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(action ? [t('mail.labelled', { label: action.label, value: action.url }), ''] : []),
    '-- ',
    footer,
    '',
  ].join('\n');
  const body = `<p>${esc(greeting)}</p>
${paragraphs
  .map((p) =>
    mail.kind === 'code' && p === mail.code
      ? `<p style="font-size:28px;letter-spacing:6px;font-weight:bold;margin:16px 0">${esc(p)}</p>`
      : `<p>${esc(p)}</p>`,
  )
  .join('\n')}
${action ? `<p style="margin:24px 0"><a href="${esc(action.url)}" style="${s.button}">${esc(action.label)}</a></p>` : ''}`;
  return {
    to: mail.to,
    subject,
    text,
    html: mailDocument({ locale: intlLocale(options.t.locale), title: subject, shopName: shop, body, footer: esc(footer) }),
  };
}
