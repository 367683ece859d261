// The document as sent: its block stylesheets written into its head instead of linked (they block the
// first paint), the translation snapshot before </body>, in UTF-8.
import { describe, expect, it } from 'vitest';
import { documentBytes, inlineBlockStyles } from './document-bytes';
import { utf8Of } from './utf8';

const head = [
  '<link rel="stylesheet" href="/assets/entry.css" data-precedence="default"/>',
  '<link rel="stylesheet" href="/assets/Countdown.css" data-precedence="blocks"/>',
  '<link rel="stylesheet" href="/assets/Faq.css" data-precedence="blocks"/>',
].join('');

describe('inlineBlockStyles', () => {
  it("writes each known block stylesheet in place of its link, in React's form; the shop's own stays linked", () => {
    const html = inlineBlockStyles(head, { '/assets/Countdown.css': '.countdown{color:red}' });
    expect(html).toBe(
      '<link rel="stylesheet" href="/assets/entry.css" data-precedence="default"/>' +
        '<style data-precedence="blocks" data-href="/assets/Countdown.css">.countdown{color:red}</style>' +
        // Not read (too large, or with url()s): linked as before.
        '<link rel="stylesheet" href="/assets/Faq.css" data-precedence="blocks"/>',
    );
  });

  it('cannot be made to close its <style> element', () => {
    const html = inlineBlockStyles(head, { '/assets/Countdown.css': 'a::after{content:"</style><script>"}' });
    expect(html).not.toContain('</style><script>');
  });

  it('leaves the page alone when no stylesheet was read (development, tests)', () => {
    expect(inlineBlockStyles(head, undefined)).toBe(head);
  });
});

describe('documentBytes', () => {
  const styles = { '/assets/Countdown.css': '.countdown{color:red}' };
  const snapshot = '<script type="application/json" id="t">{"a":"b"}</script>';
  const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

  it('writes stylesheets in the head only, image preloads before its first stylesheet, and the snapshot just before </body>, in UTF-8', () => {
    const link = '<link rel="stylesheet" href="/assets/Countdown.css" data-precedence="blocks"/>';
    // A link's text in the body (a product description quoting HTML, say) is the body's, left alone.
    const document = `<!DOCTYPE html><html><head>${link}</head><body><p>Ελληνικά € ${link}</p></body></html>`;
    const preload = '<link rel="preload" as="image" href="/media/a.webp"/>';
    expect(decode(documentBytes(document, { styles, head: preload, bodyEnd: snapshot }))).toBe(
      `<!DOCTYPE html><html><head>${preload}<style data-precedence="blocks" data-href="/assets/Countdown.css">` +
        `.countdown{color:red}</style></head><body><p>Ελληνικά € ${link}</p>${snapshot}</body></html>`,
    );
  });

  it('adds the snapshot at the end of a document with no </body>', () => {
    expect(decode(documentBytes('<p>ok</p>', { styles, head: '', bodyEnd: snapshot }))).toBe(`<p>ok</p>${snapshot}`);
  });
});

describe('utf8Of', () => {
  it("encodes pieces one after another, as the joined string's UTF-8", () => {
    const pieces = ['a', '', 'Čeština 中文 ', '🙂', 'z'];
    expect(Buffer.from(utf8Of(pieces))).toEqual(Buffer.from(pieces.join('')));
  });
});
