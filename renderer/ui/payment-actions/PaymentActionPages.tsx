// The three pages where the shopper acts in the shop before the payment goes on (spec sections 2 and 4),
// given the route's data: confirm the address before the countdown ends (else the order is canceled and
// can be ordered again), accept a new shipping price, complete an address.
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import type { Order } from '../../../schemas/generated/api';
import { useTranslation } from 'react-i18next';
import { OrderAddress } from '../order/OrderAddress';
import { OrderTotals } from '../order/OrderTotals';
import type { PaymentActionData } from './action-data';
import { Countdown } from './Countdown';
import { PaymentAddressForm } from './PaymentAddressForm';
import { Reorder } from './Reorder';
import { useResume } from './use-resume';
import { Fact } from '../order/Fact';

/** The heading gets the focus when the page arrives, and again when what it says changes (`key`). */
function useHeadingFocus(key: unknown): RefObject<HTMLHeadingElement | null> {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [key]);
  return heading;
}

function Page({
  heading,
  title,
  intro,
  message,
  children,
}: {
  heading: RefObject<HTMLHeadingElement | null>;
  title: string;
  intro: string;
  message?: string | null;
  children: ReactNode;
}) {
  return (
    <section className="order payment-action" aria-labelledby="payment-action-title">
      <h1 id="payment-action-title" ref={heading} tabIndex={-1}>
        {title}
      </h1>
      <p className="payment-action__intro">{intro}</p>
      {children}
      {message !== undefined && (
        <div className="payment-action__result" role="alert">
          {message ? <p className="order__notice">{message}</p> : null}
        </div>
      )}
    </section>
  );
}

/** Whether the address confirmation is over when the page is loaded (canceled, or past its time already). */
export function confirmationOver({ order, status, loadedAt }: PaymentActionData): boolean {
  if (order.status !== 'pending') return true;
  return status.addressConfirmBy !== null && Date.parse(status.addressConfirmBy) <= loadedAt;
}

export function ConfirmAddress({ data }: { data: PaymentActionData }) {
  const { t } = useTranslation();
  const { order, status, countries } = data;
  const [over, setOver] = useState(() => confirmationOver(data));
  const heading = useHeadingFocus(over);
  const { resume, message } = useResume(order.token, () => setOver(true));
  const deadline = status.addressConfirmBy ? Date.parse(status.addressConfirmBy) : null;
  if (over) return <CanceledOrder order={order} heading={heading} />;
  return (
    <Page
      heading={heading}
      title={t('paymentAction.confirmAddress.title')}
      intro={t('paymentAction.confirmAddress.intro', { number: order.number })}
      message={message}
    >
      {deadline !== null && <Countdown deadline={deadline} onEnd={() => setOver(true)} />}
      <PaymentAddressForm
        initial={order.shippingAddress}
        countries={countries}
        submitLabel={t('paymentAction.confirmAddress.submit')}
        busyLabel={t('paymentAction.working')}
        onSubmit={(address) => resume({ address })}
      />
    </Page>
  );
}

/** The address was not confirmed in time: the order is canceled; its lines can go back into the cart. */
function CanceledOrder({ order, heading }: { order: Order; heading: RefObject<HTMLHeadingElement | null> }) {
  const { t } = useTranslation();
  return (
    <Page
      heading={heading}
      title={t('paymentAction.canceled.title')}
      intro={t('paymentAction.canceled.text', { number: order.number })}
    >
      <Reorder lines={order.lines} />
    </Page>
  );
}

export function ConfirmShipping({ data }: { data: PaymentActionData }) {
  const { t } = useTranslation();
  const { order } = data;
  const heading = useHeadingFocus(null);
  const { resume, message } = useResume(order.token);
  const [busy, setBusy] = useState(false);
  async function confirm() {
    if (busy) return;
    setBusy(true);
    try {
      await resume({ acceptShipping: true });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Page
      heading={heading}
      title={t('paymentAction.confirmShipping.title')}
      intro={t('paymentAction.confirmShipping.intro', { number: order.number })}
      message={message}
    >
      <div className="order__panel">
        <dl className="order__facts">
          <Fact term={t('order.shippingAddress')}>
            {order.shippingAddress && <OrderAddress address={order.shippingAddress} />}
          </Fact>
          <Fact term={t('order.shippingMethod')}>{order.shippingMethod}</Fact>
        </dl>
        <OrderTotals totals={order.totals} />
      </div>
      <p className="order__actions">
        <button className="button" type="button" onClick={confirm} aria-disabled={busy || undefined}>
          {busy ? t('paymentAction.working') : t('paymentAction.confirmShipping.submit')}
        </button>
      </p>
    </Page>
  );
}

export function ReplenishAddress({ data }: { data: PaymentActionData }) {
  const { t } = useTranslation();
  const { order, countries } = data;
  const heading = useHeadingFocus(null);
  const { resume, message } = useResume(order.token);
  return (
    <Page
      heading={heading}
      title={t('paymentAction.replenishAddress.title')}
      intro={t('paymentAction.replenishAddress.intro', { number: order.number })}
      message={message}
    >
      <PaymentAddressForm
        initial={order.shippingAddress}
        countries={countries}
        markMissing
        submitLabel={t('paymentAction.replenishAddress.submit')}
        busyLabel={t('paymentAction.working')}
        onSubmit={(address) => resume({ address })}
      />
    </Page>
  );
}
