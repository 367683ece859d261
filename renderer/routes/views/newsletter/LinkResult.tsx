import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { LinkState } from '../../../ui/account/use-link-check';

/**
 * What a newsletter mail's link did (`newsletter.confirm.*` or `newsletter.unsubscribe.*`): checking, done
 * for the address, or not a link of this shop's; then the way home.
 */
export function LinkResult({ action, result }: { action: 'confirm' | 'unsubscribe'; result: LinkState<{ email: string }> }) {
  const { t } = useTranslation();
  const titleId = `newsletter-${action}-title`;
  return (
    <section className="account-entry" aria-labelledby={titleId} aria-busy={result.state === 'checking'}>
      <h1 id={titleId}>{t(`newsletter.${action}.title`)}</h1>
      {result.state === 'checking' ? <p role="status">{t(`newsletter.${action}.checking`)}</p> : null}
      {result.state === 'valid' ? (
        <p className="account__notice" role="status">
          {t(`newsletter.${action}.done`, { email: result.value.email })}
        </p>
      ) : null}
      {result.state === 'invalid' ? (
        <p className="account__alert" role="alert">
          {t(`newsletter.${action}.invalid`)}
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
