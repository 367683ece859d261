// How long an order waits on its shopper or its payment, read by paying and by settling a payment.

/** How long the shopper has to confirm an address the issuer could not match (/payment/confirmAddress). */
export const ADDRESS_CONFIRM_MS = 15 * 60_000;
/** How long a voucher (OXXO) may take to be paid at a store: the order holds its stock that long. */
export const VOUCHER_WINDOW_MS = 72 * 60 * 60_000;
