import type { CSSProperties } from 'react';
import { useLocalized } from '../../renderer/i18n/use-localized';
import { ResponsiveImage } from '../../renderer/ui/ResponsiveImage';
import { ShopLink } from '../../renderer/ui/ShopLink';
import type { BlockProps, SettingsOf } from '../types';
import './image-banner.css';

export default function ImageBanner({ settings }: BlockProps<SettingsOf<'image-banner'>>) {
  const text = useLocalized();
  const heading = text(settings.heading);
  const body = text(settings.text);
  const label = text(settings.buttonLabel);
  const style = { '--banner-overlay': settings.overlay / 100 } as CSSProperties;
  const link = settings.buttonLink;
  return (
    <div className={`image-banner image-banner--${settings.height} image-banner--${settings.textPosition}`} style={style}>
      <ResponsiveImage
        className="image-banner__image"
        src={`/media/${settings.image}`}
        alt={text(settings.alt)}
        sizes="100vw"
        priority={settings.priority}
      />
      {(heading || body || label) && (
        <div className="image-banner__content">
          {heading && <h2 className="image-banner__heading">{heading}</h2>}
          {body && <p className="image-banner__text">{body}</p>}
          {label && link && (
            <ShopLink className="button" href={link}>
              {label}
            </ShopLink>
          )}
        </div>
      )}
    </div>
  );
}
