import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCheckout } from '../../state/checkout-store';
import { AddressFields } from './AddressFields';
import { CheckoutFrame } from './CheckoutFrame';
import { ContactSection } from './ContactSection';
import { Deferred } from './Deferred';
import { ErrorSummary } from './ErrorSummary';
import { Loading } from '../Loading';

const loadDetails = () => import('./OnePageDetails').then((m) => m.default);

/**
 * The one-page checkout: contact, shipping address, shipping, insurance and tip, billing and payment on
 * one page, everything sent at once (checkout-onepage) before paying. What follows the address (and
 * the paying) arrives after the page shows: the shopper starts at the top. `top` is what the one-page
 * cart style shows above it (the cart's lines); `beforePay` goes just above "Complete order" (a
 * funnel's order bumps).
 */
export function OnePage({
  top,
  beforePay,
  summaryLines = !top,
}: {
  top?: ReactNode;
  beforePay?: ReactNode;
  /** The summary lists the lines bought; by default not when `top` already shows them (the cart's lines). */
  summaryLines?: boolean;
}) {
  const { t } = useTranslation();
  const { errors, summary } = useCheckout();
  const submitRef = useRef<(() => void) | null>(null);
  return (
    <CheckoutFrame top={top} summaryLines={summaryLines} nextStep={false}>
      <form
        className="checkout-form checkout-pay"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submitRef.current?.();
        }}
      >
        <ErrorSummary errors={errors} paths={summary} />
        <ContactSection />
        <fieldset className="checkout-section">
          <legend>
            <h2>{t('checkout.address.title')}</h2>
          </legend>
          <AddressFields kind="shippingAddress" />
        </fieldset>
        <Deferred load={loadDetails} props={{ submitRef, beforePay }} fallback={<Loading />} />
      </form>
    </CheckoutFrame>
  );
}
