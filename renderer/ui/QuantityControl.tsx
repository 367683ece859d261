import { useTranslation } from 'react-i18next';

/**
 * A quantity from 1 to `max`: one less, the number, one more. The caller's label names the input
 * (`id`); the buttons say what they do.
 */
export function QuantityControl({
  id,
  value,
  max,
  onChange,
}: {
  id: string;
  value: number;
  max: number;
  onChange: (quantity: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="quantity__control">
      <button
        type="button"
        aria-label={t('product.decrease')}
        onClick={() => onChange(Math.max(1, value - 1))}
        disabled={value <= 1}
      >
        −
      </button>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        max={max}
        value={value}
        onChange={(e) => onChange(Math.max(1, Math.min(max, Math.floor(Number(e.target.value) || 1))))}
      />
      <button
        type="button"
        aria-label={t('product.increase')}
        onClick={() => onChange(Math.min(max, value + 1))}
        disabled={value >= max}
      >
        +
      </button>
    </div>
  );
}
