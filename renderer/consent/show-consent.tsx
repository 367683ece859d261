// The cookie preferences dialog, mounted in a root of its own (the same on a router page and an islands
// page), drawn with the locale's full messages. Loaded only when a visitor opens it: "Choose cookies" on
// the banner, or "Cookie settings" in the footer.
import { createRoot, type Root } from 'react-dom/client';
import { withFullMessages } from '../i18n/translations';
import { TranslationsProvider } from '../i18n/react-i18n';
import { ConsentPreferences } from '../ui/consent/ConsentPreferences';
import type { ConsentEnv } from './consent-policy';
import type { Choice } from './save-consent';

let root: Root | undefined;

export async function showPreferences(env: ConsentEnv, onSave: (choice: Choice) => Promise<void>) {
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
      <ConsentPreferences
        key={Date.now()}
        env={env}
        onCancel={close}
        onSave={async (choice) => {
          await onSave(choice);
          close();
        }}
      />
    </TranslationsProvider>,
  );
}
