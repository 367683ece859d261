import { useRouter } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { errorMessage } from '../../api/error-message';
import { useMoney } from '../../i18n/use-money';
import { useTranslation } from 'react-i18next';
import { useCheckout } from '../../state/checkout-store';
import { FieldError, useProblemText } from './Field';
import { loadValidation } from './load-validation';

/**
 * The discount code of the checkout: apply, remove. A refusal says the server's reason beside the field
 * ("please enter the coupon", "enter a valid discount code", expired, used once per customer with this
 * email, the minimum spend); so does a code the server took off (the email changed to one that used it).
 */
export function DiscountCode() {
  const { t } = useTranslation();
  const money = useMoney();
  const { api } = useRouter().options.context;
  const { checkout, token, apply: change, couponRemoved, setCouponRemoved } = useCheckout();
  const problemText = useProblemText();
  const [code, setCode] = useState('');
  const [refusal, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const applied = checkout.coupon;
  const message =
    refusal ??
    (couponRemoved
      ? t('checkout.discount.removed', { code: couponRemoved.code, reason: problemText(couponRemoved.problem) })
      : null);

  async function apply(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      setCouponRemoved(null);
      const problem = (await loadValidation()).couponProblem(code);
      if (problem) return setMessage(problemText(problem));
      await change(() => api.checkout.applyCoupon(token, code.trim()));
      setCode('');
      setMessage(null);
    } catch (error) {
      setMessage(await errorMessage(error, t, money));
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    setBusy(true);
    try {
      await change(() => api.checkout.removeCoupon(token));
      setMessage(null);
    } catch (error) {
      setMessage(await errorMessage(error, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="discount-code">
      {/* A form of its own (not nested in the checkout's): Enter applies the code, never pays. */}
      <form className={`field${message ? ' field--invalid' : ''}`} onSubmit={apply} noValidate>
        <label htmlFor={id}>{t('checkout.discount.label')}</label>
        <div className="field__control">
          <input
            id={id}
            value={code}
            autoComplete="off"
            aria-invalid={message ? true : undefined}
            aria-describedby={`${id}-error`}
            onChange={(e) => setCode(e.target.value)}
          />
          <button type="submit" className="button button--secondary" disabled={busy}>
            {t('checkout.discount.apply')}
          </button>
        </div>
        <FieldError id={`${id}-error`}>{message}</FieldError>
      </form>
      {applied ? (
        <p className="discount-code__applied" role="status">
          <span>
            {applied.applied
              ? t('checkout.discount.applied', { code: applied.code })
              : t('checkout.discount.notApplied', { code: applied.code })}
          </span>
          <button
            type="button"
            className="link-button"
            disabled={busy}
            aria-label={t('checkout.discount.removeLabel', { code: applied.code })}
            onClick={() => void remove()}
          >
            {t('checkout.discount.remove')}
          </button>
        </p>
      ) : null}
    </div>
  );
}
