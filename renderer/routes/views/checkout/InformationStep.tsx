import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useCheckout } from '../../../state/checkout-store';
import { loadValidation } from '../../../ui/checkout/load-validation';
import { AddressFields } from '../../../ui/checkout/AddressFields';
import { ContactSection } from '../../../ui/checkout/ContactSection';
import { ErrorSummary } from '../../../ui/checkout/ErrorSummary';
import { StepNav } from '../../../ui/checkout/StepNav';
import { CheckoutFrame } from '../../../ui/checkout/CheckoutFrame';

/** Step 1 of the multi-step checkout: contact and shipping address; back to the cart (or the product bought now). */
export function InformationStep() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { form, countries, errors, summary, setErrors, save, token, checkout } = useCheckout();
  // Not disabled while a field's own save runs: leaving the last field for the button starts one.
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = (await loadValidation()).informationProblems(form, countries);
    if (Object.keys(found).length) return setErrors(found, true);
    setErrors({}, true);
    setSubmitting(true);
    try {
      const saved = await save({
        email: form.email.trim(),
        acceptsMarketing: form.acceptsMarketing,
        shippingAddress: form.shippingAddress,
      });
      if (!saved) return;
      void import('../../../state/checkout-draft').then(({ writeSavedInfo }) => writeSavedInfo(form));
      await navigate({ to: '/checkout/shipping', search: { token } });
    } finally {
      setSubmitting(false);
    }
  }

  const product = checkout.buyNow ? checkout.lines[0] : undefined;
  return (
    <CheckoutFrame top={<StepNav step="information" />}>
      <form className="checkout-form" onSubmit={submit} noValidate>
        <ErrorSummary errors={errors} paths={summary} />
        <ContactSection />
        <fieldset className="checkout-section">
          <legend>
            <h2>{t('checkout.address.title')}</h2>
          </legend>
          <AddressFields kind="shippingAddress" />
        </fieldset>
        <div className="checkout-actions">
          {product ? (
            <Link to="/products/$handle" params={{ handle: product.handle }} className="checkout-back">
              {t('checkout.back.product')}
            </Link>
          ) : (
            <Link to="/cart" className="checkout-back">
              {t('checkout.back.cart')}
            </Link>
          )}
          <button type="submit" className="button" disabled={submitting}>
            {t('checkout.next.shipping')}
          </button>
        </div>
      </form>
    </CheckoutFrame>
  );
}
