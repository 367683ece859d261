import { useTranslation } from 'react-i18next';
import type { ReturnRequest } from '../../../../schemas/generated/api';
import { Money } from '../../../ui/Money';
import { returnReasonText, returnStatusHelp, returnStatusText } from './returns-words';

/** The order's returns (spec section 3: the order's return list), newest first, each with its status. */
export function OrderDetailsReturns({ returns, dates }: { returns: ReturnRequest[]; dates: Record<number, string> }) {
  const { t } = useTranslation();
  if (!returns.length) return null;
  return (
    <section className="account__card" aria-labelledby="returns-title">
      <h2 id="returns-title">{t('returns.title')}</h2>
      <ul className="account-returns">
        {returns.map((r) => (
          <li key={r.id}>
            <article className="account-returns__return" aria-labelledby={`return-${r.id}`}>
              <h3 id={`return-${r.id}`}>{t('returns.requestOf', { date: dates[r.id] ?? '' })}</h3>
              <p>
                <span className={`order__badge account-returns__status account-returns__status--${r.status}`}>
                  {returnStatusText(t, r.status)}
                </span>{' '}
                {returnStatusHelp(t, r.status)}
              </p>
              <ul className="account-returns__lines">
                {r.lines.map((line) => (
                  <li key={line.lineId}>
                    {t('returns.line', { count: line.quantity, title: line.title })}
                    {line.variant && <span className="account-returns__variant"> · {line.variant}</span>}
                  </li>
                ))}
              </ul>
              <dl className="account-returns__facts">
                <div>
                  <dt>{t('returns.form.reason')}</dt>
                  <dd>{returnReasonText(t, r.reason)}</dd>
                </div>
                {r.comment && (
                  <div>
                    <dt>{t('returns.yourComment')}</dt>
                    <dd>{r.comment}</dd>
                  </div>
                )}
                {r.note && (
                  <div>
                    <dt>{t('returns.shopNote')}</dt>
                    <dd>{r.note}</dd>
                  </div>
                )}
                {r.refund && (
                  <div>
                    <dt>{t('returns.refund')}</dt>
                    <dd>
                      <Money value={r.refund} />
                      {r.shippingRefund && <> ({t('returns.shippingIncluded')})</>}
                    </dd>
                  </div>
                )}
              </dl>
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}
