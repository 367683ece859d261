import type { ReactNode } from 'react';
import { useT } from '../../../i18n/use-t';
import { useCheckout } from '../../../state/checkout-store';
import { AddressFields } from '../../../ui/checkout/AddressFields';
import type { FieldErrors } from '../../../ui/checkout/checkout-form';
import { loadValidation } from '../../../ui/checkout/load-validation';
import { CheckoutFrame } from '../../../ui/checkout/CheckoutFrame';
import { ContactSection } from '../../../ui/checkout/ContactSection';
import { ErrorSummary } from '../../../ui/checkout/ErrorSummary';
import { Deferred } from '../../../ui/checkout/Deferred';
import type { PaymentFieldsProps } from '../../../ui/checkout/PaymentFields';
import { PaymentSection } from '../../../ui/checkout/PaymentSection';
import { Loading } from '../../../ui/Loading';
import { usePay } from '../../../ui/checkout/use-pay';

const loadDetails = () => import('./OnePageDetails').then((m) => m.default);
const loadPaymentFields = () => import('../../../ui/checkout/PaymentFields').then((m) => m.default);

/** The methods and card fields, at the bottom of the long form: they arrive after the page shows. */
function DeferredPaymentFields(props: PaymentFieldsProps) {
  return <Deferred load={loadPaymentFields} props={props} fallback={<Loading />} />;
}

/**
 * The one-page checkout: contact, shipping address, shipping, insurance and tip, billing and payment on
 * one page, everything sent at once (checkout-onepage) before paying. `top` is what the one-page cart
 * style shows above it (the cart's lines).
 */
export function OnePage({ top }: { top?: ReactNode }) {
  const { t } = useT();
  const { form, countries, errors, summary, save, token } = useCheckout();
  const payment = usePay({
    problems: ({ informationProblems, billingProblems }): FieldErrors => ({
      ...informationProblems(form, countries),
      ...(form.shippingTemplateId === null ? { '/shippingTemplateId': 'required' } : {}),
      ...billingProblems(form, countries),
    }),
    saveFirst: async () => save((await loadValidation()).fullUpdate(token, form), { all: true }),
  });
  return (
    <CheckoutFrame top={top} summaryLines={!top}>
      <PaymentSection {...payment} Fields={DeferredPaymentFields}>
        <ErrorSummary errors={errors} paths={summary} />
        <ContactSection />
        <fieldset className="checkout-section">
          <legend>
            <h2>{t('checkout.address.title')}</h2>
          </legend>
          <AddressFields kind="shippingAddress" />
        </fieldset>
        <Deferred load={loadDetails} props={{}} fallback={<Loading />} />
      </PaymentSection>
    </CheckoutFrame>
  );
}
