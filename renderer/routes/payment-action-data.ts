// What the payment action pages (routes/payment-actions.tsx) and their loader (routes/payment-action-load.ts) share.

/** The payment action pages, by the last segment of their path. */
export type PaymentActionKind = 'confirmAddress' | 'confirmShipping' | 'replenishAddress';
