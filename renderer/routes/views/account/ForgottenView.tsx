import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../state/api-context';
import { AccountField } from '../../../ui/account/AccountField';
import { emailText } from '../../../ui/account/account-errors';
import { FormMessages } from '../../../ui/account/FormMessages';
import { useAccountForm } from '../../../ui/account/use-account-form';

/**
 * `/account/forgotten`: a reset link by mail. The answer is the same whether or not the address has an
 * account (nothing tells a stranger who shops here).
 */
export default function ForgottenView() {
  const { t } = useTranslation();
  const api = useApi();
  const { errors, failure, busy, check, send } = useAccountForm();
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('forgotten-email') ?? '').trim();
    if (!check(['forgotten-email'], { 'forgotten-email': emailText(email, t) })) return;
    await send(async () => {
      await api.request('put /customer/user/forgetPassword', { query: { email } });
      setSentTo(email);
    });
  }

  return (
    <section className="account-entry" aria-labelledby="forgotten-title">
      <h1 id="forgotten-title">{t('account.forgotten.title')}</h1>
      {sentTo ? (
        <p className="account__notice" role="status">
          {t('account.forgotten.sent', { email: sentTo, count: 60 })}
        </p>
      ) : (
        <form className="account-form" method="post" noValidate onSubmit={submit}>
          <p>{t('account.forgotten.intro')}</p>
          <AccountField
            id="forgotten-email"
            label={t('account.fields.email')}
            type="email"
            autoComplete="email"
            maxLength={254}
            required
            error={errors['forgotten-email']}
          />
          <FormMessages failure={failure} />
          <button className="button" type="submit" disabled={busy}>
            {t('account.forgotten.submit')}
          </button>
        </form>
      )}
      <p className="account__links">
        <Link to="/account/login">{t('account.forgotten.back')}</Link>
      </p>
    </section>
  );
}
