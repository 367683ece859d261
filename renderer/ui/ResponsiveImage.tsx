import { srcSetFor } from './image-widths';

interface Props {
  src: string;
  alt: string;
  /** The original's pixel size: reserves the space (no layout shift) and caps the srcset. */
  width?: number;
  height?: number;
  /** Which width the image takes on screen, e.g. "(min-width: 1024px) 25vw, 50vw". */
  sizes: string;
  /** The page's main image (LCP): load it at once, first, and preload it. */
  priority?: boolean;
  /** Above the fold but not the main image: load it at once, at normal priority. */
  eager?: boolean;
  /** Widths offered in the srcset (default: every resize width); small images need fewer. */
  widths?: readonly number[];
  className?: string;
}

export function ResponsiveImage({ src, alt, width, height, sizes, priority = false, eager = false, widths, className }: Props) {
  return (
    <img
      className={className}
      src={/\.gif$/i.test(src) ? src : `${src}?w=${Math.min(800, widths?.at(-1) ?? 800)}`}
      srcSet={srcSetFor(src, width, widths)}
      sizes={sizes}
      alt={alt}
      width={width}
      height={height}
      loading={priority || eager ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      // The main image is decoded at once, so it paints as soon as it arrives.
      decoding={priority ? 'sync' : 'async'}
    />
  );
}
