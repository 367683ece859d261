// Apple Pay is offered only where the browser can pay with it (Safari with a card in its wallet): the
// page asks ApplePaySession, which no other browser has (never Chromium).
import type { PaymentMethod } from '../../../schemas/generated/api';

interface ApplePaySessionLike {
  canMakePayments(): boolean;
}

export const isApplePay = (method: Pick<PaymentMethod, 'code'>) => method.code === 'apple-pay';

export function canPayWithApplePay(): boolean {
  if (typeof window === 'undefined') return false;
  const session = (window as unknown as { ApplePaySession?: ApplePaySessionLike }).ApplePaySession;
  try {
    return Boolean(session?.canMakePayments());
  } catch {
    return false;
  }
}
