import { useCallback, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { CheckoutAddress, Country } from '../../../schemas/generated/api';
import { useTranslation } from 'react-i18next';
import { AddressFields, AddressFormContext, type AddressFormState } from '../checkout/AddressFields';
import { emptyAddress, type AddressKind, type FieldErrors, type FieldProblem } from '../checkout/checkout-form';
import { ErrorSummary } from '../checkout/ErrorSummary';
import { addressFieldProblem, addressProblems } from '../checkout/validation';

const KIND = 'shippingAddress' satisfies AddressKind;

/** The problems of an address with the checkout's rules, keyed as the checkout's fields are. */
export const problemsOf = (address: CheckoutAddress, countries: Country[]) => addressProblems(KIND, address, countries);

/**
 * The server's field errors of a refused address (`/address/zip`) on the form's fields
 * (`/shippingAddress/zip`); null when the refusal names no field.
 */
export function addressErrorsOf(data: unknown): FieldErrors | null {
  const list = (data as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(list)) return null;
  const errors: FieldErrors = {};
  for (const item of list as { path?: unknown; rule?: unknown }[]) {
    const match = typeof item?.path === 'string' ? /^\/address\/(\w+)$/.exec(item.path) : null;
    if (match) errors[`/${KIND}/${match[1]}`] = (typeof item.rule === 'string' ? item.rule : 'required') as FieldProblem;
  }
  return Object.keys(errors).length ? errors : null;
}

/**
 * The shipping address of an order as a form, with the checkout's fields, rules and error summary: each
 * field is checked as the shopper leaves it, all of them on submit (the summary lists what to correct and
 * the first bad field gets the focus). `markMissing` shows the problems of the address as given at once
 * (/payment/replenishAddress: the fields the wallet left out). `onSubmit` answers the server's field
 * errors of a refusal, or null. The address book's pages use it too (`label`, and `children` between the
 * fields and the submit button: "use as my default address").
 */
export function PaymentAddressForm({
  initial,
  countries,
  markMissing = false,
  submitLabel,
  busyLabel,
  onSubmit,
  label,
  children,
}: {
  initial: CheckoutAddress | null;
  countries: Country[];
  markMissing?: boolean;
  submitLabel: string;
  busyLabel: string;
  onSubmit: (address: CheckoutAddress) => Promise<FieldErrors | null>;
  /** The form's accessible name (the payment pages': "Shipping address"). */
  label?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [address, setAddress] = useState<CheckoutAddress>(() => initial ?? emptyAddress(countries[0]?.code ?? ''));
  const [errors, setErrors] = useState<FieldErrors>(() => (markMissing ? problemsOf(address, countries) : {}));
  const [summary, setSummary] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const current = useRef(address);
  current.current = address;

  const fieldError = useCallback((path: string, problem: FieldProblem | null) => {
    setErrors(({ [path]: _old, ...rest }) => (problem ? { ...rest, [path]: problem } : rest));
  }, []);

  const store = useMemo<AddressFormState>(
    () => ({
      form: { shippingAddress: address, billingAddress: address },
      errors,
      countries,
      change: (_kind, value) => setAddress(value),
      leave: (path) => {
        const field = path.split('/')[2] as keyof CheckoutAddress | undefined;
        if (field) fieldError(path, addressFieldProblem(field, current.current, countries));
      },
      fieldError,
    }),
    [address, errors, countries, fieldError],
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const found = problemsOf(address, countries);
    setErrors(found);
    if (Object.keys(found).length) return setSummary(Object.keys(found));
    setSummary(null);
    setBusy(true);
    try {
      const refused = await onSubmit(address);
      if (refused) {
        setErrors(refused);
        setSummary(Object.keys(refused));
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="payment-action__form" noValidate onSubmit={submit} aria-label={label ?? t('paymentAction.addressForm')}>
      <ErrorSummary errors={errors} paths={summary} />
      <AddressFormContext.Provider value={store}>
        <AddressFields kind={KIND} />
      </AddressFormContext.Provider>
      {children}
      <p className="payment-action__submit">
        <button className="button" type="submit" aria-disabled={busy || undefined}>
          {busy ? busyLabel : submitLabel}
        </button>
      </p>
    </form>
  );
}
