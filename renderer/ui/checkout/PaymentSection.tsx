import { useEffect, useState, type ComponentType, type FormEvent, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useCheckout } from '../../state/checkout-store';
import { emptyCard, type CardFields } from './checkout-form';
import type { MethodExtra } from './methods/panels';
import { chosenOf, useOfferedMethods } from './offered-methods';
import type { PaymentFieldsProps } from './PaymentFields';
import type { PayResult } from './use-pay';

/**
 * The checkout's form with the payment and "Complete order". The card fields live here only (never in
 * the draft, never in the checkout): a decline shows its message by the card and empties them. `Fields`
 * draws the methods and the card (PaymentFields, given by the page: the one-page form loads it after
 * the page shows).
 */
export function PaymentSection({
  pay,
  busy,
  failure,
  Fields,
  children,
  submitRef,
  beforePay,
}: {
  pay: (card: CardFields, method: string, extra: MethodExtra) => Promise<PayResult>;
  busy: boolean;
  failure: string | null;
  Fields: ComponentType<PaymentFieldsProps>;
  /** The sections of the form before the payment. */
  children?: ReactNode;
  /** Given when the form element is the page's own (one-page): its submit calls this one. */
  submitRef?: RefObject<(() => void) | null>;
  /** Shown just above "Complete order" (a funnel's order bumps). */
  beforePay?: ReactNode;
}) {
  const { t } = useTranslation();
  const { fieldError } = useCheckout();
  const [card, setCard] = useState<CardFields>(emptyCard);
  const offered = useOfferedMethods();
  const [picked, setMethod] = useState('');
  const [extra, setExtra] = useState<MethodExtra>({});
  // Another destination may no longer be served by the method picked: the default of the new list then.
  const chosen = chosenOf(offered, picked);
  const method = chosen?.code ?? '';
  // What a method added (its bank) belongs to it alone.
  useEffect(() => setExtra({}), [method]);

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    const result = await pay(card, method, extra);
    if (result === 'declined') {
      // Not the name on the card: the card's own details are typed again (corrected, or another card's),
      // the shopper's name is the same.
      setCard((typed) => ({ ...emptyCard(), name: typed.name }));
      for (const field of ['number', 'expiry', 'cvc']) fieldError(`/card/${field}`, null);
      document.getElementById('checkout-card-number')?.focus();
    }
  }

  if (submitRef) submitRef.current = () => void submit();
  const content = (
    <>
      {children}
      <fieldset className="checkout-section">
        <legend>
          <h2>{t('checkout.payment.title')}</h2>
        </legend>
        <p className="checkout-note">{t('checkout.payment.secure')}</p>
        <Fields
          card={card}
          setCard={(field, value) => setCard((c) => ({ ...c, [field]: value }))}
          method={method}
          setMethod={(code) => {
            setMethod(code);
            setExtra({});
          }}
          chosen={chosen}
          extra={extra}
          setExtra={setExtra}
        />
        <div className="checkout-pay__failure" role="alert">
          {failure ? <p>{failure}</p> : null}
        </div>
      </fieldset>
      {beforePay}
      <button type="submit" className="button button--wide checkout-pay__submit" disabled={busy || !chosen} aria-busy={busy}>
        {busy ? t('checkout.payment.paying') : t('checkout.payment.complete')}
      </button>
    </>
  );
  return submitRef ? (
    content
  ) : (
    <form className="checkout-form checkout-pay" onSubmit={submit} noValidate>
      {content}
    </form>
  );
}
