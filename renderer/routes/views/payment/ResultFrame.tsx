import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A result page: its title, the order's number, what happened, and the ways on. */
export function ResultFrame({
  kind,
  title,
  number,
  children,
  actions,
}: {
  kind: string;
  title: string;
  number?: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const id = `payment-${kind}-title`;
  return (
    <section className={`order payment-result payment-result--${kind}`} aria-labelledby={id}>
      <div className="order__head">
        <h1 id={id}>{title}</h1>
        {number && <p className="payment-result__number">{t('order.number', { number })}</p>}
      </div>
      {children}
      <p className="order__actions">
        {actions}
        <Link className={actions ? 'button button--secondary' : 'button'} to="/collections/$handle" params={{ handle: 'all' }}>
          {t('order.continueShopping')}
        </Link>
      </p>
    </section>
  );
}
