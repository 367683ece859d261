// Spec section 8: "Password-gate check failure returns 'Failed to fetch data' and is logged." When the
// guard cannot read the site's settings it cannot tell what a visitor may see, so it shows nothing but
// this plain page (no React, no data: nothing here can fail again), and the browser tries again later.
import type { Translator } from '../../renderer/i18n/translator';
import { escapeHtml, plainPage } from './fallback-page';

export function unavailablePage(translator: Translator): string {
  const message = translator.t('siteMode.fetchFailed');
  return plainPage({
    lang: translator.locale,
    title: message,
    noindex: true,
    body: `<h1>${escapeHtml(message)}</h1>
<p>${escapeHtml(translator.t('siteMode.fetchFailedHint'))}</p>
<p><a href="">${escapeHtml(translator.t('siteMode.tryAgain'))}</a></p>`,
  });
}
