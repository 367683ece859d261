import { useId, useState } from 'react';
import { useMoney } from '../../i18n/use-money';
import { useTranslation } from 'react-i18next';
import { useCheckout } from '../../state/checkout-store';
import { useSite } from '../../state/site-context';
import { fieldId } from './checkout-form';
import { FieldError } from './Field';
import { parseAmount, presetAmount, toBase } from './tip';

/**
 * Shipping insurance (a percent of the subtotal) and a tip (a preset percent of the subtotal, or an
 * amount typed, at most the shop's maximum). Each change is saved at once and the summary shows the
 * server's new total.
 */
export function InsuranceAndTip() {
  const { t } = useTranslation();
  const money = useMoney();
  const { site } = useSite();
  const { form, checkout, change, save, insurance, tip, errors, fieldError } = useCheckout();
  const subtotal = checkout.totals.subtotalPrice;
  const shown = site.currencies.find((c) => c.code === subtotal.currencyCode);
  const base = site.currencies[0];
  const presets = tip?.enabled
    ? tip.presets.filter((percent) => percent > 0).map((percent) => ({ percent, amount: presetAmount(subtotal, percent) }))
    : [];
  const initialChoice = () => {
    if (form.tip === 0) return 'none';
    const preset = presets.find((p) => toBase(p.amount, shown, base) === form.tip);
    return preset ? String(preset.percent) : 'custom';
  };
  const [choice, setChoice] = useState<string>(initialChoice);
  const [custom, setCustom] = useState(() =>
    checkout.totals.tipPrice.amount > 0 && initialChoice() === 'custom'
      ? (checkout.totals.tipPrice.amount / 10 ** (shown?.decimals ?? 2)).toFixed(shown?.decimals ?? 2)
      : '',
  );
  const customId = useId();
  const tipPath = '/tip';

  function setTip(amountShown: number) {
    const amount = toBase(amountShown, shown, base);
    change('tip', amount);
    fieldError(tipPath, null);
    void save({ tip: amount }).catch(() => {});
  }

  function pick(value: string) {
    setChoice(value);
    if (value === 'none') setTip(0);
    else if (value !== 'custom') setTip(presets.find((p) => String(p.percent) === value)?.amount ?? 0);
  }

  function applyCustom() {
    const amount = parseAmount(custom, shown?.decimals ?? 2);
    if (amount === null) return fieldError(tipPath, 'required');
    if (tip && amount > tip.max.amount) return fieldError(tipPath, 'tipTooHigh');
    setTip(amount);
  }

  const tipProblem = errors[tipPath];
  return (
    <>
      {insurance?.enabled ? (
        <fieldset className="checkout-section">
          <legend>
            <h2>{t('checkout.insurance.title')}</h2>
          </legend>
          <label className="check">
            <input
              type="checkbox"
              checked={form.insurance}
              onChange={(e) => {
                change('insurance', e.target.checked);
                void save({ insurance: e.target.checked }).catch(() => {});
              }}
            />
            {t('checkout.insurance.label', { percent: insurance.percentage })}
          </label>
        </fieldset>
      ) : null}
      {tip?.enabled ? (
        <fieldset className="checkout-section">
          <legend>
            <h2>{t('checkout.tip.title')}</h2>
          </legend>
          <p className="checkout-note">{t('checkout.tip.note')}</p>
          <div className="tip-choices">
            <label className="tip-choice">
              <input type="radio" name="tip" value="none" checked={choice === 'none'} onChange={() => pick('none')} />
              {t('checkout.tip.none')}
            </label>
            {presets.map((p) => (
              <label className="tip-choice" key={p.percent}>
                <input
                  type="radio"
                  name="tip"
                  value={p.percent}
                  checked={choice === String(p.percent)}
                  onChange={() => pick(String(p.percent))}
                />
                {t('checkout.tip.preset', {
                  percent: p.percent,
                  amount: money({ amount: p.amount, currencyCode: subtotal.currencyCode }, { zeroIsFree: false }),
                })}
              </label>
            ))}
            <label className="tip-choice">
              <input type="radio" name="tip" value="custom" checked={choice === 'custom'} onChange={() => pick('custom')} />
              {t('checkout.tip.custom')}
            </label>
          </div>
          {choice === 'custom' ? (
            <div className={`field tip-custom${tipProblem ? ' field--invalid' : ''}`}>
              <label htmlFor={fieldId(tipPath)}>{t('checkout.tip.amount', { currency: subtotal.currencyCode })}</label>
              <div className="field__control">
                <input
                  id={fieldId(tipPath)}
                  inputMode="decimal"
                  value={custom}
                  aria-invalid={tipProblem ? true : undefined}
                  aria-describedby={`${customId}-max ${fieldId(tipPath)}-error`}
                  onChange={(e) => setCustom(e.target.value)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') {
                      e.preventDefault();
                      applyCustom();
                    }
                  }}
                />
                <button type="button" className="button button--secondary" onClick={applyCustom}>
                  {t('checkout.tip.apply')}
                </button>
              </div>
              <p className="field__hint" id={`${customId}-max`}>
                {t('checkout.tip.max', { max: money(tip.max, { zeroIsFree: false }) })}
              </p>
              <FieldError id={`${fieldId(tipPath)}-error`}>
                {tipProblem === 'tipTooHigh'
                  ? t('checkout.tip.tooHigh', { max: money(tip.max, { zeroIsFree: false }) })
                  : tipProblem
                    ? t('checkout.tip.invalid')
                    : null}
              </FieldError>
            </div>
          ) : null}
        </fieldset>
      ) : null}
    </>
  );
}
