import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import type { FunnelOffer, Money } from '../../../schemas/generated/api';
import { errorMessage } from '../../../renderer/api/error-message';
import { useMoney } from '../../../renderer/i18n/use-money';
import { useTranslation } from 'react-i18next';
import { SheetFrame } from '../../../renderer/ui/express/SheetFrame';

/**
 * The wallet's sheet for a one-click offer of a buyer who paid with Google Pay or Apple Pay: what is
 * added and its price, then one tap ("Pay") approves this payment in the wallet (a one-time approval
 * token), which the offer is accepted with. Closing the sheet leaves the offer as it was.
 */
export default function OfferSheet({
  offer,
  price,
  variant,
  onApproved,
  onClose,
}: {
  offer: FunnelOffer;
  /** The price of the size or colour chosen, and its options in words. */
  price: Money;
  variant: string;
  /** Accepts the offer with the wallet's approval; rejects with what went wrong. */
  onApproved(paymentToken: string): Promise<void>;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const { api } = useRouter().options.context;
  const [paying, setPaying] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function pay() {
    if (paying) return;
    setPaying(true);
    setFailure(null);
    try {
      const approval = await api.payments.walletSheet(offer.method!);
      await onApproved(approval.token);
    } catch (error) {
      setFailure(await errorMessage(error, t));
      setPaying(false);
    }
  }

  return (
    <SheetFrame
      title={offer.methodName || offer.method!}
      busy={paying}
      onClose={onClose}
      failure={failure}
      pay={{
        label: paying ? t('express.paying') : t('express.pay', { amount: money(price) }),
        disabled: paying,
        onPay: () => void pay(),
      }}
    >
      <p className="wallet-sheet__note">{t('blocks.shared.offer.sheetNote')}</p>
      <dl className="wallet-sheet__totals">
        <div>
          <dt>
            {offer.product.title}
            {variant ? ` (${variant})` : ''}
            {offer.quantity > 1 ? ` × ${offer.quantity}` : ''}
          </dt>
          <dd>{money(price)}</dd>
        </div>
        <div className="wallet-sheet__total">
          <dt>{t('express.total')}</dt>
          <dd>{money(price)}</dd>
        </div>
      </dl>
    </SheetFrame>
  );
}
