import type { DictEntry, MenuItem } from '../../../schemas/generated/api';
import { useTranslation } from 'react-i18next';
import { useSite } from '../../state/site-context';
import { NewsletterForm } from '../newsletter/NewsletterForm';
import { ShopLink } from '../ShopLink';
import { promisesKept, useFreeDeliveryFrom } from './free-delivery';

const PROMISES = ['moneyBack', 'freeDelivery', 'service'] as const;

/**
 * Footer: the service promises, the newsletter's sign-up, the footer pages, the payment methods accepted. `cached`: on the server,
 * the content as rendered for an earlier request (server/ssr/cached-html.tsx).
 */
export function SiteFooter({ menu, paymentIcons, cached }: { menu: MenuItem[]; paymentIcons: DictEntry[]; cached?: string }) {
  if (cached !== undefined) return <footer className="site-footer" dangerouslySetInnerHTML={{ __html: cached }} />;
  return (
    <footer className="site-footer">
      <SiteFooterContent menu={menu} paymentIcons={paymentIcons} />
    </footer>
  );
}

export function SiteFooterContent({ menu, paymentIcons }: { menu: MenuItem[]; paymentIcons: DictEntry[] }) {
  const { t } = useTranslation();
  const { site } = useSite();
  const amount = useFreeDeliveryFrom();
  return (
    <>
      <ul className="site-footer__promises">
        {promisesKept(PROMISES, amount).map((key) => (
          <li key={key}>
            <strong>{t(`layout.promises.${key}`, { amount: amount ?? '' })}</strong>
            <span>{t(`layout.promiseDetails.${key}`, { amount: amount ?? '' })}</span>
          </li>
        ))}
      </ul>
      <div className="site-footer__bottom">
        <NewsletterForm source="footer" />
        <nav aria-label={t('layout.footerMenu')}>
          <ul className="site-footer__links">
            {menu.map((item) => (
              <li key={item.url}>
                <ShopLink href={item.url}>{item.title}</ShopLink>
              </li>
            ))}
            <li>
              {/* Opens the cookie preferences (renderer/consent/start-consent.ts listens on the document). */}
              <button type="button" className="site-footer__consent" data-consent-preferences="">
                {t('consent.settings')}
              </button>
            </li>
          </ul>
        </nav>
        {paymentIcons.length > 0 && (
          <ul className="site-footer__payments" aria-label={t('layout.paymentMethods')}>
            {/* One picture per brand: several methods may be paid through one (AsiaBill's two, iDEAL's two). */}
            {paymentIcons
              .filter((icon, i) => paymentIcons.findIndex((other) => other.icon === icon.icon) === i)
              .map((icon) => (
                <li key={icon.code}>
                  <img src={String(icon.icon)} alt={icon.name} width={38} height={24} loading="lazy" decoding="async" />
                </li>
              ))}
          </ul>
        )}
        <p className="site-footer__name">{site.name}</p>
      </div>
    </>
  );
}
