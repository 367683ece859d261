// An order and a payment as stored: their own module, so the steps that read them need not import how
// an order is placed or a payment settled (no import cycles among the steps).
import type { orders } from '../../db/order-schema';
import type { payments } from '../../db/payment-schema';

export type OrderRow = typeof orders.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
