import { describe, expect, it } from 'vitest';
import { previewKey, signPreview, verifyPreview } from './preview-link';

const key = previewKey('merchant-token');
const now = Date.UTC(2026, 10, 25, 12);

describe('preview links', () => {
  it('show the signed version of the signed page until they expire', () => {
    const token = signPreview(key, 'summer-sale', 3, now + 60_000);
    expect(verifyPreview(key, 'summer-sale', token, now)).toBe(3);
    expect(verifyPreview(key, 'summer-sale', token, now + 60_000)).toBeNull();
  });

  it('are refused when forged, altered, for another page, or signed with another merchant token', () => {
    const token = signPreview(key, 'summer-sale', 3, now + 60_000);
    expect(verifyPreview(key, 'other-page', token, now)).toBeNull();
    expect(verifyPreview(key, 'summer-sale', token.replace(/^3\./, '4.'), now)).toBeNull();
    expect(
      verifyPreview(
        key,
        'summer-sale',
        token.replace(/\.(\d+)\./, (_, t: string) => `.${Number(t) + 1}.`),
        now,
      ),
    ).toBeNull();
    expect(verifyPreview(previewKey('another-token'), 'summer-sale', token, now)).toBeNull();
    expect(verifyPreview(key, 'summer-sale', 'anything', now)).toBeNull();
    expect(verifyPreview(key, 'summer-sale', `${token}x`, now)).toBeNull();
  });
});
