import { getRouteApi, Link } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../state/api-context';
import { useLinkCheck } from '../../../ui/account/use-link-check';

const confirmRoute = getRouteApi('/newsletter/confirm');

/** `/newsletter/confirm?token=…`: the sign-up confirmed (subscribed), or the link is invalid. */
export default function ConfirmView() {
  const { t } = useTranslation();
  const api = useApi();
  const { token } = confirmRoute.useSearch();
  const confirm = useCallback((secret: string) => api.request('post /newsletter/confirm', { body: { token: secret } }), [api]);
  const result = useLinkCheck(token, confirm);
  return (
    <section className="account-entry" aria-labelledby="newsletter-confirm-title" aria-busy={result.state === 'checking'}>
      <h1 id="newsletter-confirm-title">{t('newsletter.confirm.title')}</h1>
      {result.state === 'checking' ? <p role="status">{t('newsletter.confirm.checking')}</p> : null}
      {result.state === 'valid' ? (
        <p className="account__notice" role="status">
          {t('newsletter.confirm.done', { email: result.value.email })}
        </p>
      ) : null}
      {result.state === 'invalid' ? (
        <p className="account__alert" role="alert">
          {t('newsletter.confirm.invalid')}
        </p>
      ) : null}
      {result.state !== 'checking' ? (
        <p className="account__links">
          <Link to="/">{t('newsletter.home')}</Link>
        </p>
      ) : null}
    </section>
  );
}
