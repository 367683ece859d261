import { getRouteApi } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Customer, CustomerSession } from '../../../../schemas/generated/api';
import { useApi } from '../../../state/api-context';
import { AccountField } from '../../../ui/account/AccountField';
import { AccountPage } from '../../../ui/account/AccountPage';
import { emailText, requiredText } from '../../../ui/account/account-errors';
import { FormMessages } from '../../../ui/account/FormMessages';
import { useAccountForm } from '../../../ui/account/use-account-form';

const profileRoute = getRouteApi('/account/profile');

/** `/account/profile`: names, email and newsletter (spec section 3, Account); signed-in devices; the data; deletion. */
export default function ProfileView() {
  const { t } = useTranslation();
  const data = profileRoute.useLoaderData();
  const [customer, setCustomer] = useState(data.customer);
  return (
    <AccountPage section="profile" title={t('account.profile.title')}>
      <ProfileForm customer={customer} onSaved={setCustomer} />
      <Sessions initial={data.sessions} />
      <section className="account__card" aria-labelledby="profile-data">
        <h2 id="profile-data">{t('account.profile.data.title')}</h2>
        <p>{t('account.profile.data.intro')}</p>
        <p>
          <a href="/api/customer/user/export" download="account.json">
            {t('account.profile.data.download')}
          </a>
        </p>
      </section>
      <DeleteAccount />
    </AccountPage>
  );
}

const ORDER = ['profile-firstName', 'profile-lastName', 'profile-email'];

function ProfileForm({ customer, onSaved }: { customer: Customer; onSaved: (customer: Customer) => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const { errors, failure, setFailure, notice, setNotice, busy, check, send } = useAccountForm();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? '').trim();
    const email = value('profile-email');
    const ok = check(ORDER, {
      'profile-firstName': requiredText(value('profile-firstName'), t),
      'profile-lastName': requiredText(value('profile-lastName'), t),
      'profile-email': emailText(email, t),
    });
    if (!ok) return;
    await send(
      async () => {
        const answer = await api.request('put /customer/user', {
          body: {
            firstName: value('profile-firstName'),
            lastName: value('profile-lastName'),
            acceptsMarketing: form.get('profile-newsletter') === 'on',
            ...(email.toLowerCase() !== customer.email.toLowerCase() ? { email } : {}),
          },
        });
        onSaved(answer.customer);
        setNotice(answer.emailPending ? t('account.profile.emailPending', { email }) : t('account.profile.saved'));
      },
      (_, words) => setFailure(t('account.profile.failed', { reason: words })),
    );
  }

  return (
    <section className="account__card" aria-labelledby="profile-details">
      <h2 id="profile-details">{t('account.profile.details')}</h2>
      <form className="account-form" method="post" noValidate onSubmit={submit}>
        <AccountField
          id="profile-firstName"
          label={t('account.fields.firstName')}
          autoComplete="given-name"
          maxLength={100}
          defaultValue={customer.firstName}
          error={errors['profile-firstName']}
        />
        <AccountField
          id="profile-lastName"
          label={t('account.fields.lastName')}
          autoComplete="family-name"
          maxLength={100}
          defaultValue={customer.lastName}
          error={errors['profile-lastName']}
        />
        <AccountField
          id="profile-email"
          label={t('account.fields.email')}
          type="email"
          autoComplete="email"
          maxLength={254}
          defaultValue={customer.email}
          hint={t('account.profile.emailHint')}
          error={errors['profile-email']}
        />
        <label className="check">
          <input type="checkbox" name="profile-newsletter" defaultChecked={customer.acceptsMarketing} />{' '}
          {t('account.fields.newsletter')}
        </label>
        <FormMessages failure={failure} notice={notice} />
        <button className="button" type="submit" disabled={busy}>
          {t('account.profile.save')}
        </button>
      </form>
    </section>
  );
}

function Sessions({ initial }: { initial: CustomerSession[] }) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const [sessions, setSessions] = useState(initial);
  const [notice, setNotice] = useState<string | null>(null);
  const when = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language === 'cn' ? 'zh-CN' : i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(iso),
    );
  const others = sessions.filter((s) => !s.current).length;

  async function end(id: number) {
    await api.request('delete /customer/user/sessions/{id}', { path: { id: String(id) } }).catch(() => undefined);
    setSessions((list) => list.filter((s) => s.id !== id));
    setNotice(t('account.profile.sessions.ended', { count: 1 }));
  }
  async function endOthers() {
    const { ended } = await api.request('delete /customer/user/sessions').catch(() => ({ ended: 0 }));
    setSessions((list) => list.filter((s) => s.current));
    setNotice(t('account.profile.sessions.ended', { count: ended }));
  }

  return (
    <section className="account__card" aria-labelledby="profile-sessions">
      <h2 id="profile-sessions">{t('account.profile.sessions.title')}</h2>
      <ul className="account__sessions">
        {sessions.map((s) => (
          <li key={s.id}>
            <span>
              <strong>{s.userAgent ? shortAgent(s.userAgent) : t('account.profile.sessions.unknown')}</strong>
              {s.current ? ` (${t('account.profile.sessions.current')})` : null}
              <br />
              <span className="account__muted">{t('account.profile.sessions.lastSeen', { when: when(s.lastSeenAt) })}</span>
            </span>
            {s.current ? null : (
              <button type="button" className="button button--secondary" onClick={() => void end(s.id)}>
                {t('account.profile.sessions.end')}
              </button>
            )}
          </li>
        ))}
      </ul>
      {others > 0 ? (
        <button type="button" className="button button--secondary" onClick={() => void endOthers()}>
          {t('account.profile.sessions.endOthers')}
        </button>
      ) : null}
      <p className="account__notice" role="status">
        {notice}
      </p>
    </section>
  );
}

/** "Firefox on Windows"-like words from a user agent: enough to recognise a device. */
function shortAgent(agent: string): string {
  const browser = /Edg\//.test(agent)
    ? 'Edge'
    : /Firefox\//.test(agent)
      ? 'Firefox'
      : /Chrome\//.test(agent)
        ? 'Chrome'
        : /Safari\//.test(agent)
          ? 'Safari'
          : '';
  const system = /Android/.test(agent)
    ? 'Android'
    : /iPhone|iPad/.test(agent)
      ? 'iOS'
      : /Windows/.test(agent)
        ? 'Windows'
        : /Mac OS X/.test(agent)
          ? 'macOS'
          : /Linux/.test(agent)
            ? 'Linux'
            : '';
  return [browser, system].filter(Boolean).join(' · ') || agent.slice(0, 60);
}

function DeleteAccount() {
  const { t } = useTranslation();
  const api = useApi();
  const { errors, busy, check, send, setErrors } = useAccountForm();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get('delete-password') ?? '');
    if (!check(['delete-password'], { 'delete-password': requiredText(password, t) })) return;
    await send(
      async () => {
        await api.request('delete /customer/user', { body: { password } });
        window.location.assign('/?accountDeleted=1');
      },
      (_, words) => setErrors({ 'delete-password': words }),
    );
  }

  return (
    <section className="account__card" aria-labelledby="profile-delete">
      <h2 id="profile-delete">{t('account.profile.delete.title')}</h2>
      <details>
        <summary>{t('account.profile.delete.open')}</summary>
        <form className="account-form" method="post" noValidate onSubmit={submit}>
          <p>{t('account.profile.delete.intro')}</p>
          <AccountField
            id="delete-password"
            label={t('account.fields.currentPassword')}
            type="password"
            autoComplete="current-password"
            maxLength={512}
            error={errors['delete-password']}
          />
          <button className="button button--danger" type="submit" disabled={busy}>
            {t('account.profile.delete.submit')}
          </button>
        </form>
      </details>
    </section>
  );
}
