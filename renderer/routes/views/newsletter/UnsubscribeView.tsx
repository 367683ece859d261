import { getRouteApi, Link } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../state/api-context';
import { useLinkCheck } from '../../../ui/account/use-link-check';

const unsubscribeRoute = getRouteApi('/newsletter/unsubscribe');

/** `/newsletter/unsubscribe?id=…&sig=…`: unsubscribed, or the link is not one of this shop's. */
export default function UnsubscribeView() {
  const { t } = useTranslation();
  const api = useApi();
  const { id, sig } = unsubscribeRoute.useSearch();
  const link = id && sig ? `${id}.${sig}` : undefined;
  const unsubscribe = useCallback(
    (value: string) => {
      const [subscriber = '', signature = ''] = value.split('.');
      return api.request('post /newsletter/unsubscribe', { query: { id: Number(subscriber), sig: signature }, body: {} });
    },
    [api],
  );
  const result = useLinkCheck(link, unsubscribe);
  return (
    <section className="account-entry" aria-labelledby="newsletter-unsubscribe-title" aria-busy={result.state === 'checking'}>
      <h1 id="newsletter-unsubscribe-title">{t('newsletter.unsubscribe.title')}</h1>
      {result.state === 'checking' ? <p role="status">{t('newsletter.unsubscribe.checking')}</p> : null}
      {result.state === 'valid' ? (
        <p className="account__notice" role="status">
          {t('newsletter.unsubscribe.done', { email: result.value.email })}
        </p>
      ) : null}
      {result.state === 'invalid' ? (
        <p className="account__alert" role="alert">
          {t('newsletter.unsubscribe.invalid')}
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
