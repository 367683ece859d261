import { useRouter } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../api/api-error';
import { errorMessage } from '../../api/error-message';
import { useT } from '../../i18n/use-t';
import { useCheckout } from '../../state/checkout-store';
import { FieldError, useProblemText } from './Field';
import { loadValidation } from './load-validation';

/** The discount code of the checkout: apply ("please enter the coupon", "enter a valid discount code"), remove. */
export function DiscountCode() {
  const { t } = useT();
  const { api } = useRouter().options.context;
  const { checkout, token, apply: change } = useCheckout();
  const problemText = useProblemText();
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const applied = checkout.coupon;

  async function apply(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const problem = (await loadValidation()).couponProblem(code);
      if (problem) return setMessage(problemText(problem));
      await change(() => api.checkout.applyCoupon(token, code.trim()));
      setCode('');
      setMessage(null);
    } catch (error) {
      const fields =
        error instanceof ApiError && error.status === 400 ? (await loadValidation()).serverFieldErrors(error.data) : {};
      setMessage(fields['/code'] ? problemText(fields['/code']) : await errorMessage(error, t));
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
