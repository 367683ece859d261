import { getRouteApi, Link } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../state/api-context';
import { useLinkCheck } from '../../../ui/account/use-link-check';
import { useLocalHref } from '../../../ui/use-local-href';

const activateRoute = getRouteApi('/account/activate');

/** `/account/activate?token=…`: the activation result (spec section 2): active and signed in, or the link is invalid. */
export default function ActivateView() {
  const { t } = useTranslation();
  const localHref = useLocalHref();
  const api = useApi();
  const { token } = activateRoute.useSearch();
  const activate = useCallback(
    (secret: string) => api.request('post /customer/user/activate', { body: { token: secret } }),
    [api],
  );
  const result = useLinkCheck(token, activate);
  return (
    <section className="account-entry" aria-labelledby="activate-title" aria-busy={result.state === 'checking'}>
      <h1 id="activate-title">{t('account.activate.title')}</h1>
      {result.state === 'checking' ? <p role="status">{t('account.activate.checking')}</p> : null}
      {result.state === 'valid' ? (
        <>
          <p className="account__notice" role="status">
            {t('account.activate.done', { name: result.value.customer.firstName })}
          </p>
          <p className="account__links">
            {/* A whole page: the header shows the signed-in state. */}
            <a className="button" href={localHref('/account/dashboard')}>
              {t('account.activate.continue')}
            </a>
          </p>
        </>
      ) : null}
      {result.state === 'invalid' ? (
        <>
          <p className="account__alert" role="alert">
            {t('account.activate.invalid')}
          </p>
          <p className="account__links">
            <Link to="/account/login">{t('account.activate.toLogin')}</Link>
          </p>
        </>
      ) : null}
    </section>
  );
}
