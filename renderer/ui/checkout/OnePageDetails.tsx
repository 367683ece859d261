import type { ReactNode, RefObject } from 'react';
import { useCheckout } from '../../state/checkout-store';
import { BillingSection } from './BillingSection';
import type { FieldErrors } from './checkout-form';
import { loadValidation } from './load-validation';
import PaymentFields from './PaymentFields';
import { PaymentSection } from './PaymentSection';
import { ShippingSection } from './ShippingSection';
import { usePay } from './use-pay';

/**
 * The one-page form after the address: the way of shipping (once the address is saved), insurance and
 * tip, billing, payment and "Complete order" (the page's form submits through `submitRef`).
 */
export default function OnePageDetails({
  submitRef,
  beforePay,
}: {
  submitRef: RefObject<(() => void) | null>;
  beforePay?: ReactNode;
}) {
  const { checkout, form, countries, save, token } = useCheckout();
  const payment = usePay({
    problems: ({ informationProblems, billingProblems }): FieldErrors => ({
      ...informationProblems(form, countries),
      ...(form.shippingTemplateId === null ? { '/shippingTemplateId': 'required' } : {}),
      ...billingProblems(form, countries),
    }),
    saveFirst: async () => save((await loadValidation()).fullUpdate(token, form), { all: true }),
  });
  return (
    <>
      <ShippingSection ready={Boolean(checkout.shippingAddress)} />
      <BillingSection />
      <PaymentSection {...payment} Fields={PaymentFields} submitRef={submitRef} beforePay={beforePay} />
    </>
  );
}
