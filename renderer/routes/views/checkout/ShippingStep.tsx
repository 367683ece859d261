import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useCheckout } from '../../../state/checkout-store';
import { CheckoutFrame } from '../../../ui/checkout/CheckoutFrame';
import { ErrorSummary } from '../../../ui/checkout/ErrorSummary';
import { Review } from '../../../ui/checkout/Review';
import { ShippingSection } from '../../../ui/checkout/ShippingSection';
import { StepLink } from '../../../ui/checkout/StepLink';
import { StepNav } from '../../../ui/checkout/StepNav';

/** Step 2: the way of shipping with its price and delivery days, shipping insurance, tip. */
export function ShippingStep() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { checkout, form, token, errors, summary, setErrors, save, whenSaved } = useCheckout();
  // Until the ways of shipping are listed (and the first chosen), going on would only find none chosen.
  const [listed, setListed] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const chosen = form.shippingTemplateId;
    if (chosen === null) return setErrors({ '/shippingTemplateId': 'required' }, true);
    // The choices are saved as they are made: the payment step reads them once they are answered.
    await whenSaved();
    if (checkout.shippingTemplateId !== chosen && !(await save({ shippingTemplateId: chosen }))) return;
    await navigate({ to: '/checkout/payment', search: { token } });
  }

  return (
    <CheckoutFrame top={<StepNav step="shipping" />} nextStep={false}>
      <form className="checkout-form" onSubmit={submit} noValidate>
        <ErrorSummary errors={errors} paths={summary} />
        <Review />
        <ShippingSection ready onSettled={setListed} />
        <div className="checkout-actions">
          <StepLink step="information" token={token} className="checkout-back">
            {t('checkout.back.information')}
          </StepLink>
          <button type="submit" className="button" disabled={!listed} aria-busy={!listed}>
            {t('checkout.next.payment')}
          </button>
        </div>
      </form>
    </CheckoutFrame>
  );
}
