import type { ReactNode } from 'react';
import { useLocalized } from '../../renderer/i18n/use-localized';
import { ShopLink } from '../../renderer/ui/ShopLink';
import type { BlockProps, SettingsOf } from '../types';
import { parseRichText, type Inline } from './markup';
import './rich-text.css';

function renderInline(nodes: Inline[]): ReactNode[] {
  return nodes.map((node, i) => {
    switch (node.kind) {
      case 'text':
        return node.text;
      case 'strong':
        return <strong key={i}>{renderInline(node.children)}</strong>;
      case 'em':
        return <em key={i}>{renderInline(node.children)}</em>;
      case 'link':
        return (
          <ShopLink key={i} href={node.href}>
            {renderInline(node.children)}
          </ShopLink>
        );
    }
  });
}

export default function RichText({ settings }: BlockProps<SettingsOf<'rich-text'>>) {
  const text = useLocalized();
  const heading = text(settings.heading);
  return (
    <div className={`rich-text rich-text--${settings.align} rich-text--${settings.width}`}>
      {heading && <h2 className="rich-text__heading">{heading}</h2>}
      {parseRichText(text(settings.body)).map((block, i) =>
        block.kind === 'list' ? (
          <ul key={i}>
            {block.items.map((item, j) => (
              <li key={j}>{renderInline(item)}</li>
            ))}
          </ul>
        ) : (
          <p key={i}>{renderInline(block.children)}</p>
        ),
      )}
    </div>
  );
}
