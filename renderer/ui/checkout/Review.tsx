import type { CheckoutAddress } from '../../../schemas/generated/api';
import { postalLines } from '../../i18n/address-format';
import { useTranslation } from 'react-i18next';
import { useCheckout } from '../../state/checkout-store';
import { StepLink } from './StepLink';

/** The address on one line, in its country's order without the name (the shopper knows who they are). */
export const addressLine = (a: CheckoutAddress, locale: string) =>
  [...postalLines({ ...a, firstName: '', lastName: '' }, locale), a.country].filter(Boolean).join(', ');

/** What earlier steps saved (contact, ship to, method), each with a link back to change it. */
export function Review({ method }: { method?: boolean }) {
  const {
    t,
    i18n: { language: locale },
  } = useTranslation();
  const { checkout, token } = useCheckout();
  return (
    <dl className="checkout-review">
      <div>
        <dt>{t('checkout.review.contact')}</dt>
        <dd>{checkout.email}</dd>
        <dd>
          <StepLink step="information" token={token} label={t('checkout.review.changeContact')}>
            {t('checkout.review.change')}
          </StepLink>
        </dd>
      </div>
      {checkout.shippingAddress ? (
        <div>
          <dt>{t('checkout.review.shipTo')}</dt>
          <dd>{addressLine(checkout.shippingAddress, locale)}</dd>
          <dd>
            <StepLink step="information" token={token} label={t('checkout.review.changeAddress')}>
              {t('checkout.review.change')}
            </StepLink>
          </dd>
        </div>
      ) : null}
      {method && checkout.shippingTemplateName ? (
        <div>
          <dt>{t('checkout.review.method')}</dt>
          <dd>{checkout.shippingTemplateName}</dd>
          <dd>
            <StepLink step="shipping" token={token} label={t('checkout.review.changeMethod')}>
              {t('checkout.review.change')}
            </StepLink>
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
