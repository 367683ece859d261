import { renderToString } from 'react-dom/server';
import { Trans, useTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { reactI18n, TranslationsProvider } from './react-i18n';
import { browserTranslations, fixedTranslations } from './translations';
import { recordingTranslator, snapshotKey, type Translator } from './translator';
import { createI18nextTranslator } from './i18next-translator';

const fr = createI18nextTranslator('fr', {
  cart: { title: 'Votre panier', added: '{{title}} ajouté', emptyContinueShopping: 'Panier vide. <a>Continuer</a>' },
});

function Title() {
  const { t, i18n } = useTranslation();
  return (
    <h1 lang={i18n.language}>
      {t('cart.title')} {t('cart.added', { title: 'Chemise' })}
    </h1>
  );
}

const render = (translator: Translator, node: React.ReactNode) =>
  renderToString(<TranslationsProvider translations={fixedTranslations(translator)}>{node}</TranslationsProvider>);

describe("react-i18next on the page's translations", () => {
  it('useTranslation translates with the page translator, in its locale', () => {
    expect(render(fr, <Title />)).toBe('<h1 lang="fr">Votre panier<!-- --> <!-- -->Chemise ajouté</h1>');
  });

  it('Trans puts the components into the translated sentence', () => {
    const html = render(fr, <Trans i18nKey="cart.emptyContinueShopping" components={{ a: <a href="/all" /> }} />);
    expect(html).toBe('Panier vide. <a href="/all">Continuer</a>');
  });

  it("records what the server translated, and the browser's first render reads the same strings back", () => {
    const recorder = recordingTranslator(fr);
    const node = (
      <>
        <Title />
        <Trans i18nKey="cart.emptyContinueShopping" components={{ a: <a href="/all" /> }} />
      </>
    );
    const server = render(recorder, node);
    let loads = 0;
    const browser = browserTranslations('fr', recorder.entries(), async () => {
      loads++;
      return fr;
    });
    const hydrated = renderToString(<TranslationsProvider translations={browser}>{node}</TranslationsProvider>);
    expect(hydrated).toBe(server);
    expect(loads).toBe(0);
  });

  it('has components render again when a string was missing and i18next has come', async () => {
    const translations = browserTranslations('fr', { [snapshotKey('cart.title')]: 'Votre panier' }, async () => fr);
    const i18n = reactI18n(translations);
    let changes = 0;
    const listener = () => changes++;
    i18n.on('languageChanged', listener);
    const before = i18n.getFixedT('fr');
    expect(before('cart.added', { title: 'Chemise' })).toBe('');
    await translations.ready();
    expect(changes).toBe(1);
    expect(i18n.getFixedT('fr')).not.toBe(before);
    expect(i18n.getFixedT('fr')('cart.added', { title: 'Chemise' })).toBe('Chemise ajouté');
    i18n.off('languageChanged', listener);
  });
});
