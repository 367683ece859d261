// The wallet's payment sheet of an express checkout, in the sheet's frame (SheetFrame: it stands for
// the browser's Google Pay / Apple Pay sheet or PayPal's express window). The wallet hands the shop its
// account's e-mail and address with a one-time approval token (POST
// /api/payment-providers/test-wallet/sheet, the sheet's only call to the provider); the shop saves them
// and prices shipping there (POST /api/paymentStrategy/{method}/shippingInfo) and shows the server's
// shipping and total. "Pay" places and pays the order with the token; the answer's `next` is followed:
// the thank-you page, or for PayPal Express the wallet's approval page.
import { useNavigate, useRouter } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import type { Checkout, PaymentMethod } from '../../../schemas/generated/api';
import { errorMessage } from '../../api/error-message';
import type { WalletSheet as SheetAnswer } from '../../api/client';
import { useMoney } from '../../i18n/use-money';
import { useTranslation } from 'react-i18next';
import { newIdempotencyKey } from '../../state/checkout-draft';
import type { ExpressCheckoutProps } from './express-types';
import { SheetFrame } from './SheetFrame';

/** A provider's page is not one of the shop's routes: a full page load takes the shopper there. */
const isProviderPage = (href: string) => /^https?:\/\//.test(href) || href.startsWith('/api/');

export function WalletSheet({
  method,
  checkout,
  onPriced,
  onClose,
}: {
  method: PaymentMethod;
  checkout: ExpressCheckoutProps['checkout'];
  onPriced: ExpressCheckoutProps['onPriced'];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const { api } = useRouter().options.context;
  const navigate = useNavigate();
  const [checkoutToken, setCheckoutToken] = useState<string | null>(null);
  const [sheet, setSheet] = useState<SheetAnswer | null>(null);
  const [priced, setPriced] = useState<Checkout | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const attempt = useRef<string | null>(null);
  const busy = useRef(false);

  // The wallet's details, then shipping priced for its address.
  useEffect(() => {
    let live = true;
    (async () => {
      const [token, answer] = await Promise.all([checkout(), api.payments.walletSheet(method.code)]);
      if (!live) return;
      setCheckoutToken(token);
      setSheet(answer);
      const result = await api.payments.shippingInfo(method.code, {
        checkoutToken: token,
        address: answer.address,
        email: answer.email,
      });
      if (!live) return;
      setPriced(result);
      onPriced?.(result);
    })().catch(async (error: unknown) => {
      const message = await errorMessage(error, t);
      if (live) setFailure(message);
    });
    return () => {
      live = false;
    };
    // Asked once per opening of the sheet.
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- asked once per opening of the sheet
  }, []);

  async function pay() {
    if (!sheet || !priced || !checkoutToken || busy.current) return;
    busy.current = true;
    setPaying(true);
    setFailure(null);
    try {
      attempt.current ??= newIdempotencyKey();
      const outcome = await api.payments.createOrder({
        checkoutToken,
        paymentMethodCode: method.code,
        paymentToken: sheet.token,
        idempotencyKey: attempt.current,
      });
      attempt.current = null;
      if (isProviderPage(outcome.next)) {
        window.location.assign(outcome.next);
        return;
      }
      await navigate({ href: outcome.next });
    } catch (error) {
      attempt.current = null;
      setFailure(await errorMessage(error, t));
      busy.current = false;
      setPaying(false);
    }
  }

  const address = sheet?.address;
  return (
    <SheetFrame
      title={method.name}
      busy={paying}
      onClose={onClose}
      failure={failure}
      pay={{
        label: paying
          ? t('express.paying')
          : priced
            ? t('express.pay', { amount: money(priced.totals.totalPrice) })
            : t('express.pay', { amount: '' }).trim(),
        disabled: !priced || paying,
        onPay: () => void pay(),
      }}
    >
      <p className="wallet-sheet__note">{t('express.sheetNote')}</p>
      {sheet && address && (
        <dl className="wallet-sheet__details">
          <div>
            <dt>{t('express.email')}</dt>
            <dd>{sheet.email}</dd>
          </div>
          <div>
            <dt>{t('express.shipTo')}</dt>
            <dd>
              {address.firstName} {address.lastName}
              <br />
              {address.address1}
              {address.address2 ? `, ${address.address2}` : ''}
              <br />
              {address.city}, {address.province} {address.zip}, {address.country}
            </dd>
          </div>
        </dl>
      )}
      <div aria-live="polite">
        {priced ? (
          <dl className="wallet-sheet__totals">
            <div>
              <dt>
                {priced.shippingTemplateName
                  ? `${t('express.shipping')} (${priced.shippingTemplateName})`
                  : t('express.shipping')}
              </dt>
              <dd>{money(priced.totals.totalShippingPrice, { zeroIsFree: true })}</dd>
            </div>
            <div className="wallet-sheet__total">
              <dt>{t('express.total')}</dt>
              <dd>{money(priced.totals.totalPrice)}</dd>
            </div>
          </dl>
        ) : !failure ? (
          <p>{t('express.pricing')}</p>
        ) : null}
      </div>
    </SheetFrame>
  );
}
