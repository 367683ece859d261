import type { PaymentMethod } from '../../../schemas/generated/api';
import { useT } from '../../i18n/use-t';
import { useCheckout } from '../../state/checkout-store';
import type { CardFields } from './checkout-form';
import { Field } from './Field';

export interface PaymentFieldsProps {
  card: CardFields;
  setCard: (field: keyof CardFields, value: string) => void;
  method: string;
  setMethod: (code: string) => void;
  chosen: PaymentMethod | undefined;
}

/** The payment methods of the shop (normalTag) and, for a card, its fields. */
export default function PaymentFields({ card, setCard, method, setMethod, chosen }: PaymentFieldsProps) {
  const { t } = useT();
  const { methods, errors } = useCheckout();
  const cardField = (field: keyof CardFields, autoComplete: string, extra: Record<string, string> = {}) => (
    <Field
      path={`/card/${field}`}
      label={t(`checkout.card.${field}`)}
      problem={errors[`/card/${field}`]}
      value={card[field]}
      autoComplete={autoComplete}
      onChange={(e) => setCard(field, e.target.value)}
      {...extra}
    />
  );
  return (
    <>
      {methods.length === 0 ? (
        <p className="checkout-note" role="alert">
          {t('checkout.payment.noMethods')}
        </p>
      ) : (
        <ul className="choice-list">
          {methods.map((m) => (
            <li key={m.code}>
              <label className="choice">
                <input
                  type="radio"
                  name="paymentMethod"
                  value={m.code}
                  checked={method === m.code}
                  onChange={() => setMethod(m.code)}
                />
                <span className="choice__text">{m.name}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {chosen?.type === 'CARD' ? (
        <div className="card-fields">
          {cardField('number', 'cc-number', { inputMode: 'numeric', placeholder: '1234 1234 1234 1234' })}
          <div className="field-row">
            {cardField('expiry', 'cc-exp', { inputMode: 'numeric', placeholder: t('checkout.card.expiryPlaceholder') })}
            {cardField('cvc', 'cc-csc', { inputMode: 'numeric' })}
          </div>
          {cardField('name', 'cc-name')}
        </div>
      ) : chosen ? (
        <p className="checkout-note">{t('checkout.payment.notAvailable')}</p>
      ) : null}
    </>
  );
}
