import { useRouter } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomerOrder } from '../../../../schemas/generated/api';
import { errorMessage } from '../../../api/error-message';
import { useApi } from '../../../state/api-context';
import { RETURN_REASONS, returnReasonText, type ReturnReason } from './returns-words';

/**
 * The return request of an order: how many of each line (up to what may still be returned), a reason, a
 * comment. When nothing may be returned, it says why instead.
 */
export function OrderDetailsReturnForm({ details }: { details: CustomerOrder }) {
  const { t } = useTranslation();
  const api = useApi();
  const router = useRouter();
  const id = useId();
  const alertRef = useRef<HTMLParagraphElement>(null);
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const [reason, setReason] = useState<ReturnReason | ''>('');
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  // Each refusal (even the same words twice) moves focus to its message, once it is shown.
  const [refusals, setRefusals] = useState(0);
  const refuse = (text: string) => {
    setProblem(text);
    setRefusals((n) => n + 1);
  };
  useEffect(() => {
    if (refusals) alertRef.current?.focus();
  }, [refusals]);
  const [notice, setNotice] = useState('');
  const lines = details.lines
    .map((line, i) => ({ ...line, shown: details.order.lines[i]! }))
    .filter((line) => line.returnable > 0);

  const why = !details.returnable
    ? details.order.status === 'paid'
      ? t('returns.form.notYetSent')
      : t('returns.form.notReturnable')
    : !lines.length
      ? t('returns.form.nothingLeft')
      : '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const chosen = lines.flatMap((l) => (quantities[l.lineId] ? [{ lineId: l.lineId, quantity: quantities[l.lineId]! }] : []));
    const [first, ...rest] = chosen;
    const missing = !first ? t('returns.form.chooseItems') : !reason ? t('returns.form.chooseReason') : '';
    setNotice('');
    if (missing || !first || !reason) {
      refuse(missing);
      return;
    }
    setBusy(true);
    setProblem('');
    try {
      await api.request('post /customer/orders/{orderId}/returns', {
        path: { orderId: String(details.orderId) },
        body: { lines: [first, ...rest], reason, ...(comment.trim() ? { comment: comment.trim() } : {}) },
      });
      setQuantities({});
      setReason('');
      setComment('');
      setNotice(t('returns.form.sent'));
      await router.invalidate();
    } catch (error) {
      refuse(await errorMessage(error, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="account__card" aria-labelledby="return-form-title">
      <h2 id="return-form-title">{t('returns.form.title')}</h2>
      <p className="account__notice" role="status">
        {notice}
      </p>
      {why ? (
        <p>{why}</p>
      ) : (
        <form className="account-form account-returns__form" onSubmit={submit} noValidate>
          <p className="account__alert" role="alert" tabIndex={-1} ref={alertRef}>
            {problem}
          </p>
          <fieldset>
            <legend>{t('returns.form.items')}</legend>
            {lines.map((line) => (
              <div className="field account-returns__item" key={line.lineId}>
                <label htmlFor={`${id}-line-${line.lineId}`}>
                  {line.shown.title}
                  {line.shown.variant && <span className="account-returns__variant"> · {line.shown.variant}</span>}
                  <span className="field__hint"> {t('returns.form.mayReturn', { count: line.returnable })}</span>
                </label>
                <div className="field__control">
                  <select
                    id={`${id}-line-${line.lineId}`}
                    value={quantities[line.lineId] ?? 0}
                    onChange={(e) => setQuantities({ ...quantities, [line.lineId]: Number(e.target.value) })}
                  >
                    {Array.from({ length: line.returnable + 1 }, (_, n) => (
                      <option key={n} value={n}>
                        {n}
                      </option>
                    ))}
                  </select>
                </div>
              </div>
            ))}
          </fieldset>
          <div className="field">
            <label htmlFor={`${id}-reason`}>{t('returns.form.reason')}</label>
            <div className="field__control">
              <select
                id={`${id}-reason`}
                required
                value={reason}
                onChange={(e) => setReason(e.target.value as ReturnReason | '')}
              >
                <option value="">{t('returns.form.chooseReasonOption')}</option>
                {RETURN_REASONS.map((r) => (
                  <option key={r} value={r}>
                    {returnReasonText(t, r)}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <div className="field">
            <label htmlFor={`${id}-comment`}>
              {t('returns.form.comment')}
              <span className="field__optional"> ({t('checkout.optional')})</span>
            </label>
            <div className="field__control">
              <textarea
                id={`${id}-comment`}
                maxLength={1000}
                rows={3}
                value={comment}
                onChange={(e) => setComment(e.target.value)}
              />
            </div>
          </div>
          <button type="submit" className="button" disabled={busy}>
            {t('returns.form.submit')}
          </button>
        </form>
      )}
    </section>
  );
}
