import { THUMBNAIL_WIDTHS } from './image-widths';
import { ResponsiveImage } from './ResponsiveImage';

/** A product's small picture beside its name (cart lines, bundle items): decorative, 96 px wide. */
export function Thumbnail({ image }: { image: { src: string; width?: number; height?: number } }) {
  return (
    <ResponsiveImage src={image.src} alt="" width={image.width} height={image.height} sizes="96px" widths={THUMBNAIL_WIDTHS} />
  );
}
