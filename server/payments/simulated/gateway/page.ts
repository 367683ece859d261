// The test providers' own pages (3-D Secure challenge, wallet approval, bank, pay-later plan): plain
// server-made HTML standing for a gateway's site, in the shopper's language (keys `provider.*` of
// locales/*.json), readable and keyboard-usable like the shop's own pages.
import { escapeHtml } from '../../../mail/html';

export { escapeHtml };

/** The pages' stylesheet: allowed by its hash in their Content-Security-Policy (server/ssr/content-security-policy.ts). */
export const GATEWAY_STYLE = `
body{font-family:system-ui,sans-serif;margin:0;background:#f4f5f7;color:#1a1a1a}
main{max-width:28rem;margin:2rem auto;background:#fff;border:1px solid #c9ccd1;border-radius:8px;padding:1.5rem}
.brand{font-weight:700;color:#123c69;margin:0 0 1rem}
h1{font-size:1.3rem;margin:0 0 1rem}
p,li{line-height:1.5}
form{margin:0}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1.25rem}
button{font:inherit;padding:.65rem 1.1rem;border-radius:6px;border:2px solid #123c69;background:#123c69;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#123c69}
button:focus-visible,select:focus-visible,input:focus-visible{outline:3px solid #b35900;outline-offset:2px}
label{display:block;margin:.75rem 0 .25rem;font-weight:600}
select,input{font:inherit;padding:.5rem;border:1px solid #5f6368;border-radius:4px;width:100%;box-sizing:border-box}
.amount{font-size:1.2rem;font-weight:700}
table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:.35rem 0;border-bottom:1px solid #e1e3e6}
`;

/** A gateway's page: `body` is HTML the caller escaped. */
export function gatewayPage({ lang, title, brand, body }: { lang: string; title: string; brand: string; body: string }): string {
  return `<!doctype html>
<html lang="${escapeHtml(lang)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)}</title>
<style>${GATEWAY_STYLE}</style></head>
<body><main><p class="brand">${escapeHtml(brand)}</p>${body}</main></body></html>`;
}

/** A form of buttons posting `name=value` to `action` (one button per answer). */
export function answerForm(
  action: string,
  buttons: { name: string; value: string; label: string; secondary?: boolean }[],
  fields = '',
): string {
  const html = buttons
    .map(
      (b) =>
        `<button type="submit" name="${escapeHtml(b.name)}" value="${escapeHtml(b.value)}"${b.secondary ? ' class="secondary"' : ''}>${escapeHtml(b.label)}</button>`,
    )
    .join('');
  return `<form method="post" action="${escapeHtml(action)}">${fields}<div class="actions">${html}</div></form>`;
}

export const intlLocale = (locale: string) => (locale === 'cn' ? 'zh-CN' : locale);

/** An amount in minor units as the shopper's locale writes it. */
export function money(amount: number, currencyCode: string, locale: string): string {
  const digits =
    new Intl.NumberFormat('en', { style: 'currency', currency: currencyCode }).resolvedOptions().maximumFractionDigits ?? 2;
  return new Intl.NumberFormat(intlLocale(locale), { style: 'currency', currency: currencyCode }).format(amount / 10 ** digits);
}
