// A page's block stylesheets are written into its head instead of linked (they block the first paint).
import { describe, expect, it } from 'vitest';
import { inlineBlockStyles } from './render-page';

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
