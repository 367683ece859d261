import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { email as emailProblem } from '../../../../schemas/checkout-rules';
import { useApi } from '../../../state/api-context';
import { AccountField } from '../../../ui/account/AccountField';
import { accountErrorText } from '../../../ui/account/account-errors';

/**
 * `/account/forgotten`: a reset link by mail. The answer is the same whether or not the address has an
 * account (nothing tells a stranger who shops here).
 */
export default function ForgottenView() {
  const { t } = useTranslation();
  const api = useApi();
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('forgotten-email') ?? '').trim();
    const problem = emailProblem(email);
    setError(problem ? t(problem === 'required' ? 'checkout.validation.required' : 'checkout.validation.email') : undefined);
    setFailure(null);
    if (problem) return document.getElementById('forgotten-email')?.focus();
    setBusy(true);
    try {
      await api.request('put /customer/user/forgetPassword', { query: { email } });
      setSentTo(email);
    } catch (e) {
      setFailure(await accountErrorText(e, t));
    } finally {
      setBusy(false);
    }
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
            error={error}
          />
          <p className="account__alert" role="alert">
            {failure}
          </p>
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
