import type { CheckoutAddress } from '../../../schemas/generated/api';
import { useTranslation } from 'react-i18next';
import { addressLines } from './order-words';

/** An address as a postal label. */
export function OrderAddress({ address }: { address: CheckoutAddress }) {
  const { language: locale } = useTranslation().i18n;
  return (
    <address className="order__address">
      {addressLines(address, locale).map((line, i) => (
        <span key={i}>{line}</span>
      ))}
    </address>
  );
}
