import { useTranslation } from 'react-i18next';

const STEPS = ['placed', 'confirming', 'confirmed'] as const;

/**
 * Where the order is on its way to paid: placed (done), the payment being confirmed (now), the order
 * confirmed (to come). A list of steps with the current one marked, so a screen reader hears it too;
 * what changes is announced by the page's status line (aria-live), not here.
 */
export function PaymentProgress() {
  const { t } = useTranslation();
  return (
    <ol className="payment-progress" aria-label={t('paymentResult.progress.label')}>
      {STEPS.map((step, i) => {
        const state = i === 0 ? 'done' : i === 1 ? 'current' : 'next';
        return (
          <li
            key={step}
            className={`payment-progress__step payment-progress__step--${state}`}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <span className="payment-progress__mark" aria-hidden="true">
              {state === 'done' ? '✓' : i + 1}
            </span>
            <span className="payment-progress__name">{t(`paymentResult.progress.${step}`)}</span>
            <span className="visually-hidden"> ({t(`paymentResult.progress.${state}`)})</span>
          </li>
        );
      })}
    </ol>
  );
}
