// Messenger chat (code messenger): the Facebook chat plugin's code as Meta gave it (fb-root, the
// fb-customerchat element with the page id and attribution biz_inbox, fbAsyncInit with FB.init, and the
// SDK xfbml.customerchat.js in the visitor's language, id facebook-jssdk).
//
// Meta retired the chat plugin on 9 May 2024: the SDK still loads as configured, but the plugin draws
// nothing any more. A merchant who wants chat points shoppers to m.me/<page> instead.
import { addScript, MARK, vendorWindow } from './dom';
import type { ConfigOf, Integration } from './integration';

/** Facebook's locale names (xx_XX) of the shop's languages. */
const FACEBOOK_LOCALES: Record<string, string> = {
  cn: 'zh_CN',
  cs: 'cs_CZ',
  da: 'da_DK',
  de: 'de_DE',
  el: 'el_GR',
  en: 'en_US',
  'en-GB': 'en_GB',
  'en-US': 'en_US',
  es: 'es_ES',
  et: 'et_EE',
  fi: 'fi_FI',
  fr: 'fr_FR',
  hu: 'hu_HU',
  lt: 'lt_LT',
  lv: 'lv_LV',
  nb: 'nb_NO',
  nl: 'nl_NL',
  pl: 'pl_PL',
  pt: 'pt_PT',
  ro: 'ro_RO',
  sk: 'sk_SK',
  sv: 'sv_SE',
};

export const facebookLocale = (locale: string) => FACEBOOK_LOCALES[locale] ?? FACEBOOK_LOCALES[locale.split('-')[0]!] ?? 'en_US';

const messenger: Integration<ConfigOf<'messenger'>> = {
  code: 'messenger',
  origins: () => ({
    script: ['https://connect.facebook.net'],
    connect: ['https://www.facebook.com', 'https://connect.facebook.net'],
    img: ['https://www.facebook.com', 'https://static.xx.fbcdn.net', 'https://scontent.xx.fbcdn.net'],
    frame: ['https://www.facebook.com', 'https://web.facebook.com'],
  }),
  load(config, env) {
    if (document.getElementById('fb-customer-chat')) return;
    if (!document.getElementById('fb-root')) {
      const root = document.createElement('div');
      root.id = 'fb-root';
      root.setAttribute(MARK, 'messenger');
      document.body.appendChild(root);
    }
    const chat = document.createElement('div');
    chat.id = 'fb-customer-chat';
    chat.className = 'fb-customerchat';
    chat.setAttribute('page_id', config.pageId);
    chat.setAttribute('attribution', 'biz_inbox');
    chat.setAttribute(MARK, 'messenger');
    document.body.appendChild(chat);
    const w = vendorWindow();
    w.fbAsyncInit = () => (w.FB as { init(o: unknown): void }).init({ appId: config.appId, xfbml: true, version: 'v18.0' });
    addScript('messenger', `https://connect.facebook.net/${facebookLocale(env.locale)}/sdk/xfbml.customerchat.js`, {
      id: 'facebook-jssdk',
    });
  },
};

export default messenger;
