// Mail HTML is written as strings, and much of what goes in is shopper input (names, addresses, product
// titles a merchant typed): every value is escaped where it is put in, text and attributes alike.
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/** Mail programs drop <style> and classes: the few styles a mail needs are written inline. */
export const mailStyles = {
  body: 'margin:0;padding:0;background:#f5f5f4;color:#1c1917;font-family:Helvetica,Arial,sans-serif;font-size:16px;line-height:1.5',
  card: 'max-width:600px;margin:0 auto;padding:24px;background:#ffffff',
  muted: 'color:#57534e;font-size:14px',
  cell: 'padding:6px 0;vertical-align:top',
  amount: 'padding:6px 0;text-align:right;white-space:nowrap;vertical-align:top',
  total: 'padding:10px 0 6px;font-weight:bold;border-top:1px solid #d6d3d1',
  button: 'display:inline-block;padding:12px 20px;background:#1c1917;color:#ffffff;text-decoration:none;border-radius:4px',
  link: 'color:#1d4ed8',
};

/** A whole HTML mail: the shop's name on top, the body, then a footer line (already escaped HTML). */
export function mailDocument(options: { locale: string; title: string; shopName: string; body: string; footer: string }): string {
  return `<!doctype html>
<html lang="${escapeHtml(options.locale)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(options.title)}</title></head>
<body style="${mailStyles.body}">
<div style="${mailStyles.card}">
<p style="font-size:20px;font-weight:bold;margin:0 0 16px">${escapeHtml(options.shopName)}</p>
${options.body}
<p style="${mailStyles.muted};margin-top:32px">${options.footer}</p>
</div>
</body>
</html>
`;
}
