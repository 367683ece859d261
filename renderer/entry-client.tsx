// Browser entry: rebuilds i18n from the messages inlined by the server, loads the code of the blocks
// on the page, then hydrates the server's HTML.
import { RouterClient } from '@tanstack/react-router/ssr/client';
import { hydrateRoot } from 'react-dom/client';
import './styles/index.css';
import { createApiClient } from './api/client';
import { createI18n } from './i18n/create-i18n';
import { ensureBlockComponents } from './page/block-components';
import type { BlockType } from '../blocks/components';
import { createShopRouter } from './router';

const apiFor = (locale: string) => createApiClient({ origin: window.location.origin, headers: { language: locale } });
// The context is a placeholder until hydrate() has the server's locale and messages.
const router = createShopRouter(
  { api: apiFor('en'), i18n: createI18n('en', {}) },
  {
    hydrate: async (data) => {
      const context = {
        api: apiFor(data.locale),
        i18n: createI18n(data.locale, data.messages),
        faultInjection: data.faultInjection,
      };
      router.update({ ...router.options, context });
      await ensureBlockComponents(data.blockTypes as BlockType[]);
    },
  },
);

hydrateRoot(document, <RouterClient router={router} />);
