import { useTranslation } from 'react-i18next';
import { useCheckout } from '../../state/checkout-store';
import { AddressFields } from './AddressFields';

/** Billing address: the shipping address (spec default, asShippingAddress 1) or another one. */
export function BillingSection() {
  const { t } = useTranslation();
  const { form, change, save, token } = useCheckout();
  const pick = (same: boolean) => {
    change('asShippingAddress', same);
    if (same && token) void save({ asShippingAddress: true }, { quiet: true }).catch(() => {});
  };
  return (
    <fieldset className="checkout-section">
      <legend>
        <h2>{t('checkout.billing.title')}</h2>
      </legend>
      <ul className="choice-list">
        <li>
          <label className="choice">
            <input type="radio" name="asShippingAddress" checked={form.asShippingAddress} onChange={() => pick(true)} />
            <span className="choice__text">{t('checkout.billing.same')}</span>
          </label>
        </li>
        <li>
          <label className="choice">
            <input type="radio" name="asShippingAddress" checked={!form.asShippingAddress} onChange={() => pick(false)} />
            <span className="choice__text">{t('checkout.billing.different')}</span>
          </label>
        </li>
      </ul>
      {!form.asShippingAddress ? <AddressFields kind="billingAddress" /> : null}
    </fieldset>
  );
}
