import { getRouteApi, Link } from '@tanstack/react-router';
import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/api-error';
import { useApi } from '../../../state/api-context';
import { AccountField, focusFirst } from '../../../ui/account/AccountField';
import { emailText, newPasswordProblem, requiredText } from '../../../ui/account/account-errors';
import { FormMessages } from '../../../ui/account/FormMessages';
import { useAccountForm } from '../../../ui/account/use-account-form';

const loginRoute = getRouteApi('/account/login');
type Tab = 'login' | 'register';
const TABS: Tab[] = ['login', 'register'];

/** `/account/login`: sign in, or register, as two tabs (spec section 2); `?tab=register` opens the second. */
export default function LoginView() {
  const { t } = useTranslation();
  const search = loginRoute.useSearch();
  const [tab, setTab] = useState<Tab>(search.tab ?? 'login');
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  // The arrow keys move between the tabs, as WAI-ARIA's tabs pattern says.
  const onKey = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = TABS[(TABS.indexOf(tab) + step + TABS.length) % TABS.length]!;
    setTab(next);
    tabs.current[TABS.indexOf(next)]?.focus();
  };
  return (
    <section className="account-entry" aria-labelledby="account-entry-title">
      <h1 id="account-entry-title">{t(tab === 'login' ? 'account.login.title' : 'account.register.title')}</h1>
      {search.signedOut ? (
        <p className="account__notice" role="status">
          {t('account.login.signedOut')}
        </p>
      ) : null}
      <div className="account-tabs" role="tablist" aria-label={t('account.login.tabs')} onKeyDown={onKey}>
        {TABS.map((name, i) => (
          <button
            key={name}
            ref={(el) => {
              tabs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`account-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`account-panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            onClick={() => setTab(name)}
          >
            {t(`account.login.tab.${name}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`account-panel-${tab}`} aria-labelledby={`account-tab-${tab}`}>
        {tab === 'login' ? <LoginForm redirect={search.redirect} /> : <RegisterForm />}
      </div>
    </section>
  );
}

function LoginForm({ redirect }: { redirect?: string }) {
  const { t } = useTranslation();
  const api = useApi();
  const { errors, failure, setFailure, notice, setNotice, busy, check, send } = useAccountForm();
  const [unactivated, setUnactivated] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get('login-email') ?? '').trim();
    const password = String(form.get('login-password') ?? '');
    setUnactivated(null);
    const ok = check(['login-email', 'login-password'], {
      'login-email': requiredText(email, t),
      'login-password': requiredText(password, t),
    });
    if (!ok) return;
    await send(
      async () => {
        await api.request('post /customer/user/login', { body: { email, password } });
        // The whole page again: the header, the cart and every page after see the signed-in customer.
        window.location.assign(redirect ?? '/account/dashboard');
      },
      (error, words) => {
        if (error instanceof ApiError && error.code === 6002) setUnactivated(email);
        setFailure(words);
      },
    );
  }

  async function resend() {
    if (!unactivated) return;
    await api.request('post /customer/user/activation-mail', { body: { email: unactivated } }).catch(() => undefined);
    setFailure(null);
    setNotice(t('account.register.sent', { email: unactivated }));
  }

  return (
    <form className="account-form" method="post" noValidate onSubmit={submit} aria-label={t('account.login.tab.login')}>
      <AccountField
        id="login-email"
        label={t('account.fields.email')}
        type="email"
        autoComplete="username"
        maxLength={254}
        required
        error={errors['login-email']}
      />
      <AccountField
        id="login-password"
        label={t('account.fields.password')}
        type="password"
        autoComplete="current-password"
        maxLength={512}
        required
        error={errors['login-password']}
      />
      <FormMessages failure={failure} />
      {unactivated ? (
        <button type="button" className="button button--secondary" onClick={resend}>
          {t('account.login.resend')}
        </button>
      ) : null}
      <p className="account__notice" role="status">
        {notice}
      </p>
      <button className="button" type="submit" disabled={busy}>
        {t('account.login.submit')}
      </button>
      <p className="account__links">
        <Link to="/account/forgotten">{t('account.login.forgotten')}</Link>
      </p>
    </form>
  );
}

function RegisterForm() {
  const { t } = useTranslation();
  const api = useApi();
  const { errors, failure, busy, check, send, setErrors, setFailure } = useAccountForm();
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? '').trim();
    const password = String(form.get('register-password') ?? '');
    const ok = check(['register-firstName', 'register-lastName', 'register-email', 'register-password'], {
      'register-firstName': requiredText(value('register-firstName'), t),
      'register-lastName': requiredText(value('register-lastName'), t),
      'register-email': emailText(value('register-email'), t),
      'register-password': newPasswordProblem(password, t),
    });
    if (!ok) return;
    await send(
      async () => {
        await api.request('post /customer/user/register', {
          body: {
            firstName: value('register-firstName'),
            lastName: value('register-lastName'),
            email: value('register-email'),
            password,
            acceptsMarketing: form.get('register-newsletter') === 'on',
          },
        });
        setSentTo(value('register-email'));
      },
      // A password the shop refuses (too common) is the password field's error.
      (error, words) => {
        if (!(error instanceof ApiError && error.code === 6004)) return setFailure(words);
        setErrors({ 'register-password': words });
        focusFirst(['register-password'], { 'register-password': words });
      },
    );
  }

  if (sentTo) {
    return (
      <p className="account__notice" role="status">
        {t('account.register.sent', { email: sentTo })}
      </p>
    );
  }
  return (
    <form className="account-form" method="post" noValidate onSubmit={submit} aria-label={t('account.login.tab.register')}>
      <AccountField
        id="register-firstName"
        label={t('account.fields.firstName')}
        autoComplete="given-name"
        maxLength={100}
        required
        error={errors['register-firstName']}
      />
      <AccountField
        id="register-lastName"
        label={t('account.fields.lastName')}
        autoComplete="family-name"
        maxLength={100}
        required
        error={errors['register-lastName']}
      />
      <AccountField
        id="register-email"
        label={t('account.fields.email')}
        type="email"
        autoComplete="email"
        maxLength={254}
        required
        error={errors['register-email']}
      />
      <AccountField
        id="register-password"
        label={t('account.fields.password')}
        type="password"
        autoComplete="new-password"
        maxLength={512}
        required
        hint={t('account.passwordRules.hint', { count: 8 })}
        error={errors['register-password']}
      />
      <label className="check">
        <input type="checkbox" name="register-newsletter" /> {t('account.fields.newsletter')}
      </label>
      <FormMessages failure={failure} />
      <button className="button" type="submit" disabled={busy}>
        {t('account.register.submit')}
      </button>
    </form>
  );
}
