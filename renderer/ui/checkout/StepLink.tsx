import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { CheckoutStep } from './steps';

/** A link to a step of the multi-step checkout (a client navigation: the form's state follows the server's). */
export function StepLink({
  step,
  token,
  children,
  className,
  label,
}: {
  step: CheckoutStep;
  token: string;
  children: ReactNode;
  className?: string;
  label?: string;
}) {
  if (step === 'information')
    return (
      <Link to="/checkout/$token" params={{ token }} className={className} aria-label={label}>
        {children}
      </Link>
    );
  return (
    <Link
      to={step === 'shipping' ? '/checkout/shipping' : '/checkout/payment'}
      search={{ token }}
      className={className}
      aria-label={label}
    >
      {children}
    </Link>
  );
}
