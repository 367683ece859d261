// The address book's pages share these: an address of the book as the checkout's address fields hold it,
// the body the calls take, the server's field errors on those fields, and a one-line summary.
import type { CheckoutAddress, CustomerAddress, CustomerAddressInput } from '../../../schemas/generated/api';
import { isFieldProblem, type FieldErrors } from '../checkout/checkout-form';

/** The fields the checkout's address fields hold (the book's ids and flag left out). */
export const formAddressOf = ({
  id: _id,
  customerId: _customer,
  isDefault: _default,
  ...address
}: CustomerAddress): CheckoutAddress => address;

export const addressInput = (address: CheckoutAddress, isDefault: boolean): CustomerAddressInput => ({ ...address, isDefault });

/**
 * The server's refusal of an address (`data.errors`, each `{ path: '/zip', rule }`: the body is the
 * address itself) on the form's fields (`/shippingAddress/zip`); null when it names no field.
 */
export function bookErrorsOf(data: unknown): FieldErrors | null {
  const list = (data as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(list)) return null;
  const errors: FieldErrors = {};
  for (const item of list as { path?: unknown; rule?: unknown }[]) {
    const match = typeof item?.path === 'string' ? /^\/(\w+)$/.exec(item.path) : null;
    if (match) errors[`/shippingAddress/${match[1]}`] = isFieldProblem(item.rule) ? item.rule : 'required';
  }
  return Object.keys(errors).length ? errors : null;
}

/** An address in one line (its street and town), to tell addresses apart in buttons and dialogs. */
export const addressSummary = (address: Pick<CheckoutAddress, 'address1' | 'city'>): string =>
  [address.address1, address.city]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');
