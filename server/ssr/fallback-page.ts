// The last resort (spec section 2): when even the error page fails to render, a plain page says so,
// with details (the kind of error and the reference of the log's line: never its message) and a link
// home. No React, no data: nothing here can fail again.
import type { Translator } from '../../renderer/i18n/translator';

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The page's stylesheet: allowed by its hash in the policy of HTML that runs no script (content-security-policy.ts). */
export const FALLBACK_STYLE =
  'body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#1f2933}a{color:#1d4ed8}pre{white-space:pre-wrap;background:#f3f4f6;padding:1rem;border-radius:.5rem}';

export function fallbackPage(error: unknown, reference: string, translator: Translator | undefined): string {
  const t = (key: string, fallback: string) => {
    const text = translator?.t(key);
    return text && text !== key ? text : fallback;
  };
  // The kind of failure and the reference the log names it by; its message may hold internal names.
  const detail = error instanceof Error ? error.name : 'Error';
  return plainPage({
    lang: translator?.locale ?? 'en',
    title: t('error.title', 'Error'),
    body: `<h1>${escapeHtml(t('error.fallback.title', 'Another error occurred while showing the error page'))}</h1>
<details open><summary>${escapeHtml(t('error.fallback.details', 'Details'))}</summary>
<pre>${escapeHtml(detail)}
${escapeHtml(t('error.fallback.reference', 'Reference'))}: ${escapeHtml(reference)}</pre></details>
<p><a href="/">${escapeHtml(t('error.fallback.goHome', 'Go back to home'))}</a></p>`,
  });
}

/**
 * A page without React or data (its style allowed by its hash, no script): `body` is HTML already escaped.
 * `noindex`: a page search engines must not keep.
 */
export function plainPage(page: { lang: string; title: string; body: string; noindex?: boolean }): string {
  return `<!DOCTYPE html>
<html lang="${escapeHtml(page.lang)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
${page.noindex ? '<meta name="robots" content="noindex">' : ''}<title>${escapeHtml(page.title)}</title>
<style>${FALLBACK_STYLE}</style>
</head>
<body><main>
${page.body}
</main></body></html>`;
}
