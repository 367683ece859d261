// The express checkout block: one button per express wallet of the payment-method list (Google Pay,
// Apple Pay, PayPal Express). A button opens the wallet's sheet (WalletSheet, loaded when first opened):
// the shop draws it, standing for the browser's payment sheet. The row's styles are the page's own
// (renderer/styles/checkout.css): the checkout draws it on the server, so nothing moves when it hydrates.
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import type { PaymentMethod } from '../../../schemas/generated/api';
import { useTranslation } from 'react-i18next';
import { canPayWithApplePay, isApplePay } from './apple-pay';
import type { ExpressCheckoutProps } from './express-types';

const WalletSheet = lazy(() => import('./WalletSheet').then((m) => ({ default: m.WalletSheet })));

export default function ExpressCheckout({ methods, checkout, disabled, onPriced }: ExpressCheckoutProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [open, setOpen] = useState<PaymentMethod | null>(null);
  // Apple Pay only where the browser can pay with it: known in the browser, never on the server. The
  // row is one line, so adding its button moves nothing.
  const [applePay, setApplePay] = useState(false);
  useEffect(() => setApplePay(canPayWithApplePay()), []);
  const shown = methods.filter((m) => !isApplePay(m) || applePay);
  if (!shown.length) return null;
  return (
    <section className="express" aria-labelledby={titleId}>
      <h2 id={titleId} className="express__title">
        {t('express.title')}
      </h2>
      <div className="express__buttons">
        {shown.map((method) => (
          <button
            key={method.code}
            type="button"
            className={`express__button express__button--${method.code}`}
            aria-haspopup="dialog"
            disabled={disabled}
            onClick={() => setOpen(method)}
          >
            {method.name}
          </button>
        ))}
      </div>
      {open && (
        // The sheet gives focus back to the button that opened it when it closes.
        <Suspense fallback={null}>
          <WalletSheet method={open} checkout={checkout} onPriced={onPriced} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </section>
  );
}
