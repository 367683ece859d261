// What the account's order pages load: shared by their route file and their views.
import type { Customer, CustomerOrder, CustomerOrderPage } from '../../schemas/generated/api';

export interface AccountOrdersData {
  customer: Customer;
  page: CustomerOrderPage;
  /** Guest orders of the account's own address that may be claimed. */
  claimable: number;
  /** Each order's date, written by the loader in the page's language (by order id). */
  dates: Record<number, string>;
}

export interface AccountOrderDetailsData {
  /** null: the id names none of the customer's orders (another's, or none at all). */
  order: CustomerOrder | null;
  placedOn: string;
  /** Each return's date, by its id. */
  returnDates: Record<number, string>;
}

/** `?page=2`: a whole number from 1, else the first page. */
export const pageOf = (value: unknown): number | undefined => {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isInteger(n) && n > 1 && n <= 10_000 ? n : undefined;
};

/** `?id=12`: an order id, else undefined. */
export const orderIdOf = (value: unknown): number | undefined => {
  const n =
    typeof value === 'number' ? value : typeof value === 'string' && /^[1-9][0-9]{0,9}$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(n) && n >= 1 && n <= 2_147_483_647 ? n : undefined;
};
