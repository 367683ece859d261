import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useCheckout } from '../../state/checkout-store';
import { StepLink } from './StepLink';
import { furthestStep, STEPS, stepNumber, type CheckoutStep } from './steps';

/**
 * Where the shopper is in the multi-step checkout: "Step 1 of 3" and the breadcrumbs cart > information >
 * shipping > payment; steps already reachable are links, the current one is marked.
 */
export function StepNav({ step }: { step: CheckoutStep }) {
  const { t } = useTranslation();
  const { checkout, token } = useCheckout();
  const reachable = STEPS.indexOf(furthestStep(checkout));
  return (
    <nav className="checkout-steps" aria-label={t('checkout.steps.label')}>
      <p className="checkout-steps__count">{t('checkout.steps.count', { step: stepNumber(step), total: STEPS.length })}</p>
      <ol>
        <li>
          <Link to="/cart">{t('checkout.steps.cart')}</Link>
        </li>
        {STEPS.map((s, i) => (
          <li key={s}>
            {s === step ? (
              <span aria-current="step">{t(`checkout.steps.${s}`)}</span>
            ) : i <= reachable ? (
              <StepLink step={s} token={token}>
                {t(`checkout.steps.${s}`)}
              </StepLink>
            ) : (
              <span>{t(`checkout.steps.${s}`)}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
