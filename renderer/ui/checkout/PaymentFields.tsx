import { lazy, Suspense, useMemo } from 'react';
import type { PaymentMethod } from '../../../schemas/generated/api';
import { useT } from '../../i18n/use-t';
import { Loading } from '../Loading';
import { methodPanels, type MethodExtra } from './methods/panels';
import { useCheckout } from '../../state/checkout-store';
import type { CardFields } from './checkout-form';
import { Field } from './Field';

export interface PaymentFieldsProps {
  card: CardFields;
  setCard: (field: keyof CardFields, value: string) => void;
  method: string;
  setMethod: (code: string) => void;
  chosen: PaymentMethod | undefined;
  extra: MethodExtra;
  setExtra: (extra: MethodExtra) => void;
}

/** The card's own fields: the test card's (other card methods, e.g. Stripe, are the provider's page). */
const hasCardFields = (method: PaymentMethod | undefined) => method?.provider === 'test-card';

function MethodPanel({
  method,
  extra,
  setExtra,
}: {
  method: PaymentMethod;
  extra: MethodExtra;
  setExtra: (e: MethodExtra) => void;
}) {
  const { t } = useT();
  const { token } = useCheckout();
  const load = methodPanels[method.provider];
  const Panel = useMemo(() => (load ? lazy(load) : null), [load]);
  return (
    <>
      {Panel ? (
        <Suspense fallback={<Loading />}>
          <Panel method={method} extra={extra} setExtra={setExtra} checkoutToken={token} />
        </Suspense>
      ) : null}
      <p className="checkout-note">{t('checkout.payment.redirectNote', { name: method.name })}</p>
    </>
  );
}

/** The payment methods of the shop (normalTag) and, for a card, its fields. */
export default function PaymentFields({ card, setCard, method, setMethod, chosen, extra, setExtra }: PaymentFieldsProps) {
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
          {methods
            .filter((m) => m.type !== 'EXPRESS')
            .map((m) => (
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
      {hasCardFields(chosen) ? (
        <div className="card-fields">
          {cardField('number', 'cc-number', { inputMode: 'numeric', placeholder: '1234 1234 1234 1234' })}
          <div className="field-row">
            {cardField('expiry', 'cc-exp', { inputMode: 'numeric', placeholder: t('checkout.card.expiryPlaceholder') })}
            {cardField('cvc', 'cc-csc', { inputMode: 'numeric' })}
          </div>
          {cardField('name', 'cc-name')}
        </div>
      ) : chosen ? (
        <MethodPanel key={chosen.code} method={chosen} extra={extra} setExtra={setExtra} />
      ) : null}
    </>
  );
}
