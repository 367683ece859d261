import { describe, expect, it } from 'vitest';
import { renderInShop } from '../../test-support/renderer/render-page';
import { ToastItem } from './Toasts';

describe('a toast', () => {
  it('given as words, is drawn with the translator of the moment, in the page language', async () => {
    const toast = {
      id: 1,
      type: 'success' as const,
      duration: 3000,
      message: (t: (key: string, options?: Record<string, string | number>) => string) =>
        t('cart.added', { title: 'Linen Shirt', count: 1 }),
    };
    expect(await renderInShop(<ToastItem toast={toast} />)).toContain('role="status">Linen Shirt added to your cart</span>');
    expect(await renderInShop(<ToastItem toast={toast} />, { locale: 'fr' })).toContain('Linen Shirt ajouté à votre panier');
  });

  it('given as text, shows it as it is', async () => {
    const html = await renderInShop(<ToastItem toast={{ id: 2, type: 'error', duration: 3000, message: 'Sold out' }} />);
    expect(html).toContain('role="alert">Sold out</span>');
  });
});
