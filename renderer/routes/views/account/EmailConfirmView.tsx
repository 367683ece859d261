import { getRouteApi, Link } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../state/api-context';
import { useLinkCheck } from '../../../ui/account/use-link-check';

const emailRoute = getRouteApi('/account/email');

/** `/account/email?token=…`: a new email address of an account, confirmed by the link mailed to it. */
export default function EmailConfirmView() {
  const { t } = useTranslation();
  const api = useApi();
  const { token } = emailRoute.useSearch();
  const confirm = useCallback(
    (secret: string) => api.request('post /customer/user/email/confirm', { body: { token: secret } }),
    [api],
  );
  const result = useLinkCheck(token, confirm);
  return (
    <section className="account-entry" aria-labelledby="email-title" aria-busy={result.state === 'checking'}>
      <h1 id="email-title">{t('account.email.title')}</h1>
      {result.state === 'checking' ? <p role="status">{t('account.activate.checking')}</p> : null}
      {result.state === 'valid' ? (
        <p className="account__notice" role="status">
          {t('account.email.done', { email: result.value.email })}
        </p>
      ) : null}
      {result.state === 'invalid' ? (
        <p className="account__alert" role="alert">
          {t('account.email.invalid')}
        </p>
      ) : null}
      <p className="account__links">
        <Link to="/account/profile">{t('account.email.toProfile')}</Link>
      </p>
    </section>
  );
}
