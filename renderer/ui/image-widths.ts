// Spec section 9: the widths images are resized to, for srcset (not for gifs, which are served as they are).
export const IMAGE_WIDTHS = [100, 200, 300, 400, 450, 500, 600, 800, 1200, 1920] as const;

/** Widths of images shown at card size: enough steps for 1x to 2x screens. */
export const CARD_IMAGE_WIDTHS = [200, 400, 600, 800] as const;
/** Widths of thumbnails (about 96 px). */
export const THUMBNAIL_WIDTHS = [100, 200] as const;

/**
 * The srcset of an image: the given resize widths (all of spec section 9 by default) up to the
 * original's width.
 */
export function srcSetFor(src: string, originalWidth?: number, widths: readonly number[] = IMAGE_WIDTHS): string | undefined {
  if (/\.gif$/i.test(src)) return undefined;
  const usable = widths.filter((w) => originalWidth === undefined || w <= originalWidth);
  return usable.map((w) => `${src}?w=${w} ${w}w`).join(', ');
}
