import type { CheckoutAddress } from '../../../schemas/generated/api';
import { useT } from '../../i18n/use-t';
import { addressLines } from './order-words';

/** An address as a postal label. */
export function OrderAddress({ address }: { address: CheckoutAddress }) {
  const { locale } = useT();
  return (
    <address className="order__address">
      {addressLines(address, locale).map((line, i) => (
        <span key={i}>{line}</span>
      ))}
    </address>
  );
}
