// What the shopper typed and has not sent yet, kept per checkout token in sessionStorage: a reload or
// the back button brings it back (what was sent comes back from the server). Card fields are never kept.
// "Save my information" keeps a guest's contact and address in localStorage for their next checkout (a
// signed-in customer's address goes to their address book when the order is placed).
import { produce } from 'immer';
import type { CheckoutAddress } from '../../schemas/generated/api';
import type { CheckoutForm } from '../ui/checkout/checkout-form';
import { readCookie, SIGNED_IN_COOKIE } from './cookies';

const draftKey = (token: string) => `vitrine-checkout-draft:${token}`;
const SAVED_INFO_KEY = 'vitrine-checkout-info';

function storage(kind: 'sessionStorage' | 'localStorage'): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window[kind];
  } catch {
    // Storage refused (privacy settings): the form still works, it only forgets on reload.
    return null;
  }
}

/** What typing changes; the choices (shipping, insurance, tip) are saved the moment they are made. */
const TYPED = ['email', 'acceptsMarketing', 'saveInfo', 'shippingAddress', 'asShippingAddress', 'billingAddress'] as const;

export function readDraft(token: string): Partial<CheckoutForm> | null {
  try {
    const text = storage('sessionStorage')?.getItem(draftKey(token));
    if (!text) return null;
    const draft = JSON.parse(text) as Partial<CheckoutForm>;
    return Object.fromEntries(TYPED.filter((key) => key in draft).map((key) => [key, draft[key]])) as Partial<CheckoutForm>;
  } catch {
    return null;
  }
}

export function writeDraft(token: string, form: CheckoutForm) {
  try {
    storage('sessionStorage')?.setItem(draftKey(token), JSON.stringify(form));
  } catch {
    // Full or refused: nothing to do, the server keeps what was sent.
  }
}

export function clearDraft(token: string) {
  storage('sessionStorage')?.removeItem(draftKey(token));
}

const funnelCheckoutKey = (funnel: string, pageId: string) => `vitrine-funnel-checkout:${funnel}:${pageId}`;

/** The funnel checkout this tab started at a funnel's checkout step (a reload goes on with it). */
export function readFunnelCheckout(funnel: string, pageId: string): string | undefined {
  return storage('sessionStorage')?.getItem(funnelCheckoutKey(funnel, pageId)) ?? undefined;
}

export function writeFunnelCheckout(funnel: string, pageId: string, token: string) {
  try {
    storage('sessionStorage')?.setItem(funnelCheckoutKey(funnel, pageId), token);
  } catch {
    // Full or refused: a reload starts a new checkout.
  }
}

export interface SavedInfo {
  email: string;
  shippingAddress: CheckoutAddress;
}

export function readSavedInfo(): SavedInfo | null {
  try {
    const text = storage('localStorage')?.getItem(SAVED_INFO_KEY);
    return text ? (JSON.parse(text) as SavedInfo) : null;
  } catch {
    return null;
  }
}

export function writeSavedInfo(form: CheckoutForm) {
  try {
    const local = storage('localStorage');
    // A signed-in customer's "save" goes to their address book with the order (the server keeps it), not
    // to this device, which may be shared: nothing of the account stays here after signing out.
    if (form.saveInfo) {
      if (readCookie(SIGNED_IN_COOKIE) !== '1')
        local?.setItem(SAVED_INFO_KEY, JSON.stringify({ email: form.email, shippingAddress: form.shippingAddress }));
    } else local?.removeItem(SAVED_INFO_KEY);
  } catch {
    // Refused: the next checkout starts empty.
  }
}

/** A fresh key for one payment attempt: 22 characters of [A-Za-z0-9_-] from the browser's random source. */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  let key = '';
  for (const byte of bytes) key += alphabet[byte & 63];
  return `pay_${key}`;
}

/** A checkout started anew for the same shopper (the cart changed) takes over what was typed. */
export function moveDraft(from: string, to: string) {
  const session = storage('sessionStorage');
  const text = session?.getItem(draftKey(from));
  if (!session || !text) return;
  try {
    session.setItem(draftKey(to), text);
    session.removeItem(draftKey(from));
  } catch {
    // Refused: the new checkout starts from what the server has.
  }
}

/**
 * The form with the visitor's country in the shipping address, and in the billing address when it was
 * the same country. The form is restored after hydration, with this module: immer comes with it, not
 * with the checkout's first load.
 */
export function withCountry(form: CheckoutForm, country: string): CheckoutForm {
  return produce(form, (draft) => {
    if (draft.billingAddress.country === draft.shippingAddress.country) draft.billingAddress.country = country;
    draft.shippingAddress.country = country;
  });
}
