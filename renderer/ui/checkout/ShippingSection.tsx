import { useEffect } from 'react';
import type { ShippingOption } from '../../../schemas/generated/api';
import { useMoney } from '../../i18n/use-money';
import { useTranslation } from 'react-i18next';
import { useCheckout } from '../../state/checkout-store';
import { Loading } from '../Loading';
import { fieldId } from './checkout-form';
import { FieldError, useProblemText } from './Field';
import { InsuranceAndTip } from './InsuranceAndTip';
import { useShippingOptions } from './use-shipping-options';

/** The way a shopper would pick first: the cheapest, the quicker of two at one price. */
export const cheapest = (options: readonly ShippingOption[]): ShippingOption =>
  options.reduce((best, o) =>
    o.price.amount < best.price.amount || (o.price.amount === best.price.amount && o.deliveryDays.max < best.deliveryDays.max)
      ? o
      : best,
  );

/**
 * The way of shipping (price and delivery days), then insurance and tip. The cheapest way is chosen for
 * the shopper when none is (or the chosen one no longer serves the address), and saved, so the summary
 * always shows what the order will cost.
 */
export function ShippingSection({
  ready,
  onSettled,
}: {
  ready: boolean;
  /** Told whether the ways of shipping are known (listed, failed or not asked), so a step can wait for them. */
  onSettled?: (settled: boolean) => void;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const problemText = useProblemText();
  const { form, errors, change, save, checkout, fieldError } = useCheckout();
  const destination = checkout.shippingAddress;
  const { options, failure } = useShippingOptions(
    destination?.country ?? '',
    destination?.province ?? '',
    checkout.token,
    checkout.totals.subtotalPrice.amount,
    ready && Boolean(destination),
  );

  const settled = !destination || !ready || failure !== null || options !== null;
  useEffect(() => onSettled?.(settled), [settled, onSettled]);

  useEffect(() => {
    if (!options?.length || options.some((o) => o.id === form.shippingTemplateId)) return;
    // The way the server has (a wallet's sheet priced it) is shown as it is, not saved again (a save
    // racing the sheet's payment would reach a checkout already paid).
    const kept = options.find((o) => o.id === checkout.shippingTemplateId);
    if (kept) return change('shippingTemplateId', kept.id);
    choose(cheapest(options));
    // Only when the list changes.
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- only when the list of options changes
  }, [options]);

  function choose(option: ShippingOption) {
    change('shippingTemplateId', option.id);
    fieldError('/shippingTemplateId', null);
    void save({ shippingTemplateId: option.id }).catch(() => {});
  }

  const days = (o: ShippingOption) =>
    o.deliveryDays.min === o.deliveryDays.max
      ? t('checkout.shipping.days', { days: o.deliveryDays.min })
      : t('checkout.shipping.daysRange', { min: o.deliveryDays.min, max: o.deliveryDays.max });
  const problem = errors['/shippingTemplateId'];
  return (
    <>
      <fieldset
        className="checkout-section"
        id={fieldId('/shippingTemplateId')}
        tabIndex={-1}
        aria-describedby={`${fieldId('/shippingTemplateId')}-error`}
      >
        <legend>
          <h2>{t('checkout.shipping.method')}</h2>
        </legend>
        {!destination || !ready ? (
          <p className="checkout-note">{t('checkout.shipping.addressFirst')}</p>
        ) : failure ? (
          <p className="checkout-note" role="alert">
            {failure}
          </p>
        ) : !options ? (
          <Loading />
        ) : (
          <ul className="choice-list">
            {options.map((o) => (
              <li key={o.id}>
                <label className="choice">
                  <input
                    type="radio"
                    name="shippingTemplateId"
                    value={o.id}
                    checked={form.shippingTemplateId === o.id}
                    onChange={() => choose(o)}
                  />
                  <span className="choice__text">
                    <span>{o.name}</span>
                    <span className="choice__detail">{days(o)}</span>
                  </span>
                  <span className="choice__price">{money(o.price)}</span>
                </label>
              </li>
            ))}
          </ul>
        )}
        <FieldError id={`${fieldId('/shippingTemplateId')}-error`}>{problem ? problemText(problem) : null}</FieldError>
      </fieldset>
      <InsuranceAndTip />
    </>
  );
}
