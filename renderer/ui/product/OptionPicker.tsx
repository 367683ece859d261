import type { Product } from '../../../schemas/generated/api';
import { useTranslation } from 'react-i18next';
import { valueInStock, type Selection } from './variants';

/** One radio group per option (swatches for colours); values out of stock with the rest are marked. */
export function OptionPicker({
  product,
  selection,
  onChoose,
}: {
  product: Product;
  selection: Selection;
  onChoose: (code: string, value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="options">
      {product.options.map((option) => {
        const chosen = option.values.find((v) => v.code === selection[option.code]);
        return (
          <fieldset key={option.code} className="options__group">
            <legend>
              {option.name}
              {chosen && <span className="options__chosen">: {chosen.label}</span>}
            </legend>
            <div className="options__values">
              {option.values.map((value) => {
                const inStock = valueInStock(product, selection, option.code, value.code);
                return (
                  <label key={value.code} className={`chip chip--choice${inStock ? '' : ' chip--unavailable'}`}>
                    <input
                      type="radio"
                      name={`option-${option.code}`}
                      value={value.code}
                      checked={selection[option.code] === value.code}
                      onChange={() => onChoose(option.code, value.code)}
                    />
                    {value.swatch && <span className="chip__swatch" style={{ background: value.swatch }} aria-hidden="true" />}
                    <span>{value.label}</span>
                    {!inStock && <span className="visually-hidden">{t('product.soldOutValue')}</span>}
                  </label>
                );
              })}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}
