// Spec section 9: the widths images are resized to, for srcset (not for gifs, which are served as they are).
export const IMAGE_WIDTHS = [100, 200, 300, 400, 450, 500, 600, 800, 1200, 1920] as const;

export function srcSetFor(src: string, originalWidth?: number): string | undefined {
  if (/\.gif$/i.test(src)) return undefined;
  const widths = IMAGE_WIDTHS.filter((w) => originalWidth === undefined || w <= originalWidth);
  return widths.map((w) => `${src}?w=${w} ${w}w`).join(', ');
}
