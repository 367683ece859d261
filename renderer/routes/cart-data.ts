// The cart page's data (routes/cart.tsx), shared with its view and the one-page cart checkout.
import type { Cart } from '../../schemas/generated/api';
import type { RouterContext } from '../router-context';

/**
 * The visitor's cart, read where the page is drawn (the page is private: never kept or shared), so the
 * server's HTML shows it and nothing moves when the page comes alive. A visitor without an id has no
 * cart yet; a cart that cannot be read now is read again in the browser.
 */
export type CartLoad = { visitor: false } | { visitor: true; cart: Cart | null };

export async function readVisitorCart(context: RouterContext): Promise<CartLoad> {
  if (!context.visitorId) return { visitor: false };
  try {
    return { visitor: true, cart: await context.api.cart.get(context.visitorId) };
  } catch {
    return { visitor: true, cart: null };
  }
}
