// The cookie banner (spec section 2): a region fixed to the bottom of the window (it moves nothing on the
// page), reachable by keyboard and named for screen readers; accepting and refusing are equally easy.
// The server draws it into every page of a shop whose banner is on, hidden; the page's first script shows
// it before the first paint to a visitor who has not chosen (consent-head-script.ts), so it costs no
// request, no JavaScript and no late paint. Its buttons act once the page's consent code has started
// (start-consent.ts, by their data-consent-choice).
import { useTranslation } from 'react-i18next';
import { ShopLink } from '../ShopLink';

export function ConsentBanner() {
  const { t } = useTranslation();
  return (
    <section className="consent-banner" aria-labelledby="consent-banner-title">
      <h2 id="consent-banner-title" className="consent-banner__title">
        {t('consent.title')}
      </h2>
      <p className="consent-banner__text">
        {t('consent.text')} <ShopLink href="/pages/privacy-policy">{t('consent.policyLink')}</ShopLink>
      </p>
      <div className="consent-banner__actions">
        <button type="button" className="button" data-consent-choice="accept">
          {t('consent.acceptAll')}
        </button>
        <button type="button" className="button" data-consent-choice="reject">
          {t('consent.rejectAll')}
        </button>
        <button type="button" className="button button--secondary" data-consent-choice="customize">
          {t('consent.customize')}
        </button>
      </div>
    </section>
  );
}
