import { Link } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../state/api-context';

/** The account area's pages, in the order of its menu. */
export const ACCOUNT_SECTIONS = [
  { to: '/account/dashboard', key: 'dashboard' },
  { to: '/account/orders', key: 'orders' },
  { to: '/account/addresses', key: 'addresses' },
  { to: '/account/profile', key: 'profile' },
  { to: '/account/password', key: 'password' },
] as const;

export type AccountSection = (typeof ACCOUNT_SECTIONS)[number]['key'];

/**
 * A page of the signed-in customer's account: its title, the account's menu (the current page marked for
 * screen readers) with sign-out, and the page's own content. On a phone the menu scrolls sideways above
 * the content; on a wide screen it stands beside it.
 */
export function AccountPage({ section, title, children }: { section: AccountSection; title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="account">
      <nav className="account__nav" aria-label={t('account.nav.label')}>
        <ul>
          {ACCOUNT_SECTIONS.map((s) => (
            <li key={s.key}>
              <Link to={s.to} aria-current={s.key === section ? 'page' : undefined}>
                {t(`account.nav.${s.key}`)}
              </Link>
            </li>
          ))}
          <li>
            <SignOutButton />
          </li>
        </ul>
      </nav>
      <section className="account__main" aria-labelledby="account-title">
        <h1 id="account-title">{title}</h1>
        {children}
      </section>
    </div>
  );
}

/** Ends this session and opens the login page afresh (nothing of the account stays in the page's memory). */
export function SignOutButton({ className = 'account__signout' }: { className?: string }) {
  const { t } = useTranslation();
  const api = useApi();
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className={className}
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        await api.request('post /customer/user/logout').catch(() => undefined);
        window.location.assign('/account/login?signedOut=1');
      }}
    >
      {t('account.nav.signOut')}
    </button>
  );
}
