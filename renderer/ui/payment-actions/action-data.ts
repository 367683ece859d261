// What the payment action pages' route loads for them (renderer/routes/payment-actions.tsx).
import type { Country, Order, OrderStatus } from '../../../schemas/generated/api';

export interface PaymentActionData {
  order: Order;
  status: OrderStatus;
  /** The countries the shop ships to (the address pages' form); empty on confirmShipping. */
  countries: Country[];
  /** When the page was loaded (ms): an address confirmation past its time is over even before the job ran. */
  loadedAt: number;
}
