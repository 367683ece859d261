import { describe, expect, it } from 'vitest';
import { browserTranslations } from './translations';
import { snapshotKey, type Translator } from './translator';

const full: Translator = { locale: 'fr', t: (key) => `full:${key}` };

function setUp(snapshot: Record<string, string>) {
  let loads = 0;
  const translations = browserTranslations('fr', snapshot, async () => {
    loads++;
    return full;
  });
  let notified = 0;
  translations.subscribe(() => notified++);
  return { translations, loads: () => loads, notified: () => notified };
}

describe('browser translations', () => {
  it("translate from the server's strings until i18next is loaded, then with it", async () => {
    const { translations, loads } = setUp({ [snapshotKey('layout.cart')]: 'Panier' });
    expect(translations.current().t('layout.cart')).toBe('Panier');
    expect(loads()).toBe(0);
    await translations.ready();
    expect(translations.current().t('layout.cart')).toBe('full:layout.cart');
  });

  it('do not redraw the page when i18next arrives and every string was there', async () => {
    const { translations, notified } = setUp({ [snapshotKey('layout.cart')]: 'Panier' });
    translations.current().t('layout.cart');
    await translations.ready();
    expect(notified()).toBe(0);
  });

  it('load i18next at the first missing string, and redraw once it is there', async () => {
    const { translations, loads, notified } = setUp({});
    expect(translations.current().t('toast.added')).toBe('');
    await translations.ready();
    expect(loads()).toBe(1);
    expect(notified()).toBe(1);
    expect(translations.current().t('toast.added')).toBe('full:toast.added');
  });
});
