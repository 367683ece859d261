import { describe, expect, it } from 'vitest';
import { deferModulePreloads } from './deferred-preloads';

const head = [
  '<head><link rel="stylesheet" href="/assets/entry.css"/>',
  '<link rel="modulepreload" href="/assets/ImageBanner.js"/>',
  '<link rel="modulepreload" href="/assets/helper.js" fetchPriority="low"/>',
  '<link rel="modulepreload" href="/assets/react.js" fetchPriority="low"/>',
  '<link rel="modulepreload" href="/assets/ImageBanner.js"/>',
  '<link rel="preload" as="image" href="/media/banner.webp" fetchPriority="high"/>',
].join('');

describe('deferModulePreloads', () => {
  it("takes the module preloads out of the head but the entry's, and lists them once, in order", () => {
    const { head: rest, script } = deferModulePreloads(head, new Set(['/assets/helper.js']));
    expect(rest).toBe(
      '<head><link rel="stylesheet" href="/assets/entry.css"/>' +
        '<link rel="modulepreload" href="/assets/helper.js" fetchPriority="low"/>' +
        '<link rel="preload" as="image" href="/media/banner.webp" fetchPriority="high"/>',
    );
    expect(script).toBe(
      '<script type="application/json" id="vitrine-preloads">["/assets/ImageBanner.js","/assets/react.js"]</script>',
    );
  });

  it('writes no script when there is nothing to defer', () => {
    expect(deferModulePreloads('<head></head>', new Set())).toEqual({ head: '<head></head>', script: '' });
  });
});
