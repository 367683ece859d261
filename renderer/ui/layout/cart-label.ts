import type { Translator } from '../../i18n/translator';

/**
 * The cart link's accessible name: "Cart" while the count is unknown or the cart is empty, then "Cart, 2 items".
 * The count arrives after hydration, when the browser may still translate from the server's strings
 * only (i18next loads in idle time); until it can say the count, the link keeps its plain name rather
 * than none.
 */
export function cartLinkLabel(t: Translator['t'], quantity: number | null): string {
  const plain = t('layout.cart');
  return quantity ? t('layout.cartCount', { count: quantity }) || plain : plain;
}
