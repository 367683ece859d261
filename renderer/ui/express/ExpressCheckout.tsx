// The express checkout block (loaded by ExpressSlot once the page shows): one button per express wallet
// of the payment-method list (Google Pay, Apple Pay, PayPal Express). A button opens the wallet's sheet
// (WalletSheet): the shop draws it, standing for the browser's payment sheet.
import { useId, useState } from 'react';
import type { PaymentMethod } from '../../../schemas/generated/api';
import { useT } from '../../i18n/use-t';
import type { ExpressCheckoutProps } from './express-types';
import { WalletSheet } from './WalletSheet';
import './express.css';

export default function ExpressCheckout({ methods, checkout, disabled, onPriced }: ExpressCheckoutProps) {
  const { t } = useT();
  const titleId = useId();
  const [open, setOpen] = useState<PaymentMethod | null>(null);
  return (
    <section className="express" aria-labelledby={titleId}>
      <h2 id={titleId} className="express__title">
        {t('express.title')}
      </h2>
      <div className="express__buttons">
        {methods.map((method) => (
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
        <WalletSheet method={open} checkout={checkout} onPriced={onPriced} onClose={() => setOpen(null)} />
      )}
    </section>
  );
}
