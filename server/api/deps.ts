// What the API handlers need, handed in by createApp (no globals).
import type { Context } from 'hono';
import type { Commerce } from '../commerce';
import type { Payments } from '../payments/registry';

export interface ApiDeps {
  commerce: Commerce;
  payments: Payments;
  /** Told once when an order is paid (the confirmation mail goes out); never awaited by the answer. */
  onOrderPaid: (orderToken: string) => void;
  merchantToken: string;
  /** The shop's public origin (a signed payment request sent without an Origin header is signed for it). */
  origin: string;
  /** The client's address (server/client-ip.ts: read through the proxies the operator named only). */
  clientIp: (c: Context) => string;
  log: (message: string, error?: unknown) => void;
}
