import type { CSSProperties } from 'react';
import { useLocalized } from '../../renderer/i18n/use-localized';
import type { BlockProps, SettingsOf } from '../types';
import './section.css';

export default function Section({ id, settings, children }: BlockProps<SettingsOf<'section'>>) {
  const text = useLocalized();
  const heading = text(settings.heading);
  const style = { '--section-columns': settings.columns } as CSSProperties;
  return (
    <section
      className={`section section--${settings.background} section--gap-${settings.gap}`}
      aria-labelledby={heading ? `${id}-heading` : undefined}
    >
      {heading && (
        <h2 id={`${id}-heading`} className="section__heading">
          {heading}
        </h2>
      )}
      <div className="section__columns" style={style}>
        {children}
      </div>
    </section>
  );
}
