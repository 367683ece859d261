import { lazy, Suspense, useMemo } from 'react';
import type { PaymentMethod } from '../../../schemas/generated/api';
import { useTranslation } from 'react-i18next';
import { Loading } from '../Loading';
import { methodPanels, type MethodExtra } from './methods/panels';
import { hasCardFields } from './methods/card-fields';
import { useCheckout } from '../../state/checkout-store';
import type { CardFields } from './checkout-form';
import { Field } from './Field';
import { useOfferedMethods } from './offered-methods';

export interface PaymentFieldsProps {
  card: CardFields;
  setCard: (field: keyof CardFields, value: string) => void;
  method: string;
  setMethod: (code: string) => void;
  chosen: PaymentMethod | undefined;
  extra: MethodExtra;
  setExtra: (extra: MethodExtra) => void;
}

function MethodPanel({
  method,
  extra,
  setExtra,
}: {
  method: PaymentMethod;
  extra: MethodExtra;
  setExtra: (e: MethodExtra) => void;
}) {
  const { t } = useTranslation();
  const { token } = useCheckout();
  const load = methodPanels[method.provider];
  const Panel = useMemo(() => (load ? lazy(load) : null), [load]);
  return (
    <>
      {Panel ? (
        <Suspense fallback={<Loading />}>
          {/* oxlint-disable-next-line react/static-components -- memoized per provider: made once, not on each render */}
          <Panel method={method} extra={extra} setExtra={setExtra} checkoutToken={token} />
        </Suspense>
      ) : null}
      <p className="checkout-note">{t('checkout.payment.redirectNote', { name: method.name })}</p>
    </>
  );
}

/** A method's logos beside its name (its name stays the text: the images say nothing more). */
function Logos({ method }: { method: PaymentMethod }) {
  if (!method.logos?.length) return null;
  return (
    <span className="choice__logos" aria-hidden="true">
      {method.logos.map((logo) => (
        <img key={logo} src={`/media/pay-${logo}.svg`} alt="" width={38} height={24} loading="lazy" decoding="async" />
      ))}
    </span>
  );
}

/**
 * The payment methods that fit the shopper's destination and currency (offered-methods.ts), as an
 * accordion (as Shopify's checkout): the chosen method's own fields (the card's, the bank picker, the
 * pay-later plan) open right under it, inside the radio group, so they are never far from the choice.
 */
export default function PaymentFields({ card, setCard, method, setMethod, chosen, extra, setExtra }: PaymentFieldsProps) {
  const { t } = useTranslation();
  const { errors } = useCheckout();
  const offered = useOfferedMethods();
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
  if (offered.length === 0)
    return (
      <p className="checkout-note" role="alert">
        {t('checkout.payment.noMethods')}
      </p>
    );
  return (
    <ul className="choice-list payment-methods">
      {offered.map((m) => {
        const open = method === m.code;
        const panelId = `payment-method-${m.code}`;
        return (
          <li key={m.code} className={open ? 'is-open' : undefined}>
            <label className="choice">
              <input
                type="radio"
                name="paymentMethod"
                value={m.code}
                checked={open}
                aria-controls={open ? panelId : undefined}
                onChange={() => setMethod(m.code)}
              />
              <span className="choice__text">{m.name}</span>
              <Logos method={m} />
            </label>
            {open ? (
              <div className="payment-method__panel" id={panelId}>
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
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
