// The consent banner and preferences dialog, mounted in a root of their own (the same on a router page and
// an islands page), drawn with the locale's full messages. Loaded only for a visitor who has not chosen,
// or who opens "Cookie settings".
import { createRoot, type Root } from 'react-dom/client';
import { withFullMessages } from '../i18n/translations';
import { TranslationsProvider } from '../i18n/react-i18n';
import { ConsentBanner } from '../ui/consent/ConsentBanner';
import type { ConsentEnv } from './consent-policy';

let root: Root | undefined;

export async function showConsent(env: ConsentEnv, mode: 'banner' | 'preferences', onChosen: () => void) {
  await withFullMessages(env.translations, Promise.resolve());
  if (!root) {
    const container = document.createElement('div');
    container.id = 'consent-root';
    document.body.append(container);
    root = createRoot(container);
  }
  const close = () => root?.render(null);
  root.render(
    <TranslationsProvider translations={env.translations}>
      <ConsentBanner
        key={`${mode}-${Date.now()}`}
        env={env}
        initial={mode}
        onClose={close}
        onChosen={() => {
          close();
          onChosen();
        }}
      />
    </TranslationsProvider>,
  );
}
