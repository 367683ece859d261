import type { SelectionMode } from '../../schemas/funnel-selection';
import { useTranslation } from 'react-i18next';
import { useLocalized } from '../../renderer/i18n/use-localized';
import { Price } from '../../renderer/ui/Price';
import { QuantityControl } from '../../renderer/ui/QuantityControl';
import { Thumbnail } from '../../renderer/ui/Thumbnail';
import type { SettingsOf } from '../types';
import type { FunnelProductData } from './load';

export interface Choice {
  chosen: number[];
  quantities: number[];
  skus: (number | null)[];
}

/** A SKU's option values in words (e.g. "Sand / M"). */
function skuLabel(product: FunnelProductData, options: Record<string, string>) {
  return product.options.map((o) => o.values.find((v) => v.code === options[o.code])?.label ?? options[o.code]).join(' / ');
}

/**
 * The products of a funnel checkout: radio buttons (one of them) or checkboxes (any), each with its
 * variant and quantity. The first lines of the funnel's order form (spec: select products, quantity).
 */
export function ProductChoice({
  id,
  settings,
  products,
  choice,
  onToggle,
  onQuantity,
  onSku,
  problem,
}: {
  /** The block's id: the prefix of its elements' ids (unique in the page). */
  id: string;
  settings: SettingsOf<'funnel-checkout'>;
  products: (FunnelProductData | null)[];
  choice: Choice;
  onToggle: (index: number) => void;
  onQuantity: (index: number, quantity: number) => void;
  onSku: (index: number, skuId: number) => void;
  problem: string | null;
}) {
  const { t } = useTranslation();
  const localized = useLocalized();
  const mode: SelectionMode = settings.selection;
  const heading = localized(settings.heading) || t('blocks.funnel-checkout.choose.title');
  return (
    <fieldset className="funnel-choice" aria-describedby={problem ? `${id}-problem` : undefined}>
      <legend>
        <h2>{heading}</h2>
      </legend>
      <ul className="funnel-choice__list">
        {settings.products.map((offered, i) => {
          const product = products[i];
          if (!product) return null;
          const skuId = choice.skus[i];
          const sku = product.skus.find((s) => s.id === skuId) ?? product.skus[0];
          const chosen = choice.chosen.includes(i);
          const inputId = `${id}-p${i}`;
          const label = localized(offered.label);
          return (
            <li key={offered.product} className={`funnel-choice__item${chosen ? ' funnel-choice__item--chosen' : ''}`}>
              <input
                id={inputId}
                type={mode === 'radio' ? 'radio' : 'checkbox'}
                name={`${id}-product`}
                checked={chosen}
                disabled={!product.skus.some((s) => s.available)}
                onChange={() => onToggle(i)}
              />
              <label htmlFor={inputId} className="funnel-choice__label">
                {product.image ? <Thumbnail image={product.image} /> : null}
                <span className="funnel-choice__name">
                  {product.title}
                  {label ? <span className="funnel-choice__note">{label}</span> : null}
                </span>
                {sku ? <Price price={sku.price} compareAtPrice={sku.compareAtPrice} /> : null}
              </label>
              {product.skus.length > 1 ? (
                <div className="funnel-choice__field">
                  <label htmlFor={`${inputId}-sku`}>{t('blocks.funnel-checkout.choose.variant')}</label>
                  <select id={`${inputId}-sku`} value={skuId ?? ''} onChange={(e) => onSku(i, Number(e.target.value))}>
                    {product.skus.map((s) => (
                      <option key={s.id} value={s.id} disabled={!s.available}>
                        {skuLabel(product, s.options)}
                        {s.available ? '' : ` (${t('blocks.funnel-checkout.choose.soldOut')})`}
                      </option>
                    ))}
                  </select>
                </div>
              ) : null}
              {settings.showQuantity ? (
                <div className="funnel-choice__field">
                  <label htmlFor={`${inputId}-qty`}>{t('blocks.funnel-checkout.choose.quantity')}</label>
                  <QuantityControl
                    id={`${inputId}-qty`}
                    value={choice.quantities[i] ?? 1}
                    max={99}
                    onChange={(q) => onQuantity(i, q)}
                  />
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      <p id={`${id}-problem`} className="funnel-choice__problem" role="alert">
        {problem}
      </p>
    </fieldset>
  );
}
