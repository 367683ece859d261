import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { OrderSummary } from './OrderSummary';
import { useCheckout } from '../../state/checkout-store';
import { ExpressSlot } from '../express/ExpressSlot';

/**
 * The page of every checkout style: the title, what the style puts above the form (steps, cart lines),
 * the order summary (folded on phones, the right column from 1024 px) and the form.
 */
export function CheckoutFrame({
  top,
  children,
  summaryLines = true,
  nextStep = true,
}: {
  top?: ReactNode;
  children: ReactNode;
  summaryLines?: boolean;
  /** False on one-page checkouts: nothing is "calculated at the next step" there. */
  nextStep?: boolean;
}) {
  const { t } = useTranslation();
  const { token, methods, setCheckout, whenSaved } = useCheckout();
  return (
    <section className="checkout" aria-labelledby="checkout-title">
      <div className="checkout__head">
        <h1 id="checkout-title">{t('checkout.title')}</h1>
        {top}
      </div>
      <OrderSummary showLines={summaryLines} nextStep={nextStep} />
      <div className="checkout__main">
        {/* The wallet's sheet prices the checkout once the changes on their way are in (a product just chosen). */}
        <ExpressSlot methods={methods} checkout={() => whenSaved().then(() => token)} onPriced={setCheckout} />
        {children}
      </div>
    </section>
  );
}
