import { useTranslation } from 'react-i18next';
import { useCheckout } from '../../../state/checkout-store';
import { CheckoutFrame } from '../../../ui/checkout/CheckoutFrame';
import { ErrorSummary } from '../../../ui/checkout/ErrorSummary';
import { Deferred } from '../../../ui/checkout/Deferred';
import { Loading } from '../../../ui/Loading';
import { DeferredPaymentFields } from '../../../ui/checkout/DeferredPaymentFields';
import { PaymentSection } from '../../../ui/checkout/PaymentSection';
import { Review } from '../../../ui/checkout/Review';
import { StepLink } from '../../../ui/checkout/StepLink';
import { StepNav } from '../../../ui/checkout/StepNav';
import { usePay } from '../../../ui/checkout/use-pay';

const loadBilling = () => import('../../../ui/checkout/BillingSection').then((m) => m.BillingSection);

/** Step 3: billing address (same as shipping by default), payment method, card, complete order. */
export function PaymentStep() {
  const { t } = useTranslation();
  const { form, countries, errors, summary, save, token } = useCheckout();
  const payment = usePay({
    problems: ({ billingProblems }) => billingProblems(form, countries),
    saveFirst: () =>
      save(
        form.asShippingAddress ? { asShippingAddress: true } : { asShippingAddress: false, billingAddress: form.billingAddress },
      ),
  });
  return (
    <CheckoutFrame top={<StepNav step="payment" />}>
      <PaymentSection {...payment} Fields={DeferredPaymentFields}>
        <ErrorSummary errors={errors} paths={summary} />
        <Review method />
        <Deferred load={loadBilling} props={{}} fallback={<Loading />} />
      </PaymentSection>
      <p className="checkout-actions checkout-actions--after">
        <StepLink step="shipping" token={token} className="checkout-back">
          {t('checkout.back.shipping')}
        </StepLink>
      </p>
    </CheckoutFrame>
  );
}
