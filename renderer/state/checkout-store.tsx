// The checkout form's state, shared by its sections: the server's checkout (lines, totals, what was
// saved), what the shopper is typing, and the field errors. A field is checked when the shopper leaves
// it and its section is saved as soon as it is valid (asyncPayInfoSave), so the server's answer brings
// the new totals and a reload or the back button loses nothing; typing not sent yet is kept in
// sessionStorage per token (checkout-draft.ts).
import { useCheckoutEvents } from '../tracking/checkout-events';
import { useRouter } from '@tanstack/react-router';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type {
  Checkout,
  CheckoutUpdate,
  CouponRemoved,
  Country,
  PaymentMethod,
  ShippingInsuranceSettings,
  TipSettings,
} from '../../schemas/generated/api';
import { ApiError } from '../api/api-error';
import { formFromCheckout, type CheckoutForm, type FieldErrors, type FieldProblem } from '../ui/checkout/checkout-form';
import { loadValidation } from '../ui/checkout/load-validation';
import { useTranslation } from 'react-i18next';
import { browserLanguages, offeredCountry, visitorCountry } from '../i18n/visitor-country';
/** The drafts module (checkout-draft.ts), loaded after hydration. */
type Drafts = typeof import('./checkout-draft');

export type CheckoutStyle = 'multi-step' | 'one-page' | 'one-page-cart';

/** What the checkout pages load before they show (route loader). */
export interface CheckoutData {
  checkout: Checkout;
  countries: Country[];
  /** The shop's own payment methods (normalTag); empty when the list could not be loaded. */
  methods: PaymentMethod[];
  tip: TipSettings | null;
  insurance: ShippingInsuranceSettings | null;
  /** A funnel's checkout: paid through the funnel's call (funnel-buy), its methods are the funnel's (funnelTag). */
  funnel?: boolean;
}

export interface CheckoutStore extends Omit<CheckoutData, 'checkout'> {
  token: string;
  checkout: Checkout;
  form: CheckoutForm;
  errors: FieldErrors;
  /** Paths listed by the error summary after a submit (null: no submit refused yet). */
  summary: string[] | null;
  /** A save is on its way (the totals may change). */
  saving: boolean;
  /** Set by every change of a field (the draft follows). */
  change<K extends keyof CheckoutForm>(key: K, value: CheckoutForm[K]): void;
  /** Checks a field as the shopper leaves it, and saves its section when that is valid. */
  leave(path: string): void;
  setErrors(errors: FieldErrors, summary?: boolean): void;
  /** Sets (or clears, with null) the problem of one field. */
  fieldError(path: string, problem: FieldProblem | null): void;
  /** Saves fields (asyncPayInfoSave, or checkout-onepage with `all`); false when refused (errors set). */
  save(update: Omit<CheckoutUpdate, 'token'>, options?: { all?: boolean; quiet?: boolean }): Promise<boolean>;
  /** Shows a checkout priced elsewhere (the wallet's sheet). */
  setCheckout(checkout: Checkout): void;
  /** Sends one change of the checkout after those on their way; the page shows its answer. */
  apply(call: () => Promise<Checkout>): Promise<Checkout>;
  /** Resolves once every save on its way has been answered (before leaving a step). */
  whenSaved(): Promise<void>;
  /** The discount code the server took off (a new email had used it, or it ended before paying), and why. */
  couponRemoved: CouponRemoved | null;
  setCouponRemoved(removed: CouponRemoved | null): void;
}

const Store = createContext<CheckoutStore | null>(null);

export function useCheckout(): CheckoutStore {
  const store = useContext(Store);
  if (!store) throw new Error('CheckoutProvider is missing');
  return store;
}

/** The checkout's store when there is one (the address fields also serve the payment pages' own form). */
export const useCheckoutIfAny = (): CheckoutStore | null => useContext(Store);

export function CheckoutProvider({ data, children }: { data: CheckoutData; children: ReactNode }) {
  const { api } = useRouter().options.context;
  const token = data.checkout.token;
  const [checkout, setCheckout] = useState(data.checkout);
  const { language: locale } = useTranslation().i18n;
  const [form, setForm] = useState(() => formFromCheckout(data.checkout, data.countries, visitorCountry(locale)));
  const [errors, setErrorState] = useState<FieldErrors>({});
  const [summary, setSummary] = useState<string[] | null>(null);
  const [saving, setSaving] = useState(0);
  const [couponRemoved, setCouponRemoved] = useState<CouponRemoved | null>(null);
  const formRef = useRef(form);
  formRef.current = form;
  /** The form as the page was drawn with it: anything else was typed. */
  const initialForm = useRef(form);
  const restored = useRef(false);
  /** The drafts module, once loaded (with the restore): what was typed is written with it. */
  const draftsRef = useRef<Drafts | null>(null);

  // A new answer of the loader (another step, a reload) brings the server's checkout.
  useEffect(() => setCheckout(data.checkout), [data.checkout]);
  useCheckoutEvents(checkout);

  const change = useCallback(<K extends keyof CheckoutForm>(key: K, value: CheckoutForm[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
  }, []);

  const setErrors = useCallback((next: FieldErrors, showSummary = false) => {
    setErrorState(next);
    if (showSummary) setSummary(Object.keys(next));
    else setSummary((current) => (current ? current.filter((p) => next[p]) : current));
  }, []);

  const fieldError = useCallback((path: string, problem: FieldProblem | null) => {
    setErrorState(({ [path]: _old, ...rest }) => (problem ? { ...rest, [path]: problem } : rest));
  }, []);

  const inFlight = useRef(new Set<Promise<unknown>>());
  const whenSaved = useCallback(async () => {
    await Promise.allSettled(inFlight.current);
  }, []);
  const track = useCallback(<T,>(promise: Promise<T>): Promise<T> => {
    inFlight.current.add(promise);
    void promise.catch(() => {}).finally(() => inFlight.current.delete(promise));
    return promise;
  }, []);

  // Every change of the checkout on the server (a field saved, a code applied, the products chosen
  // anew) waits for the one before it: the server sees them in the order the shopper made them, and
  // the answer shown is that of the last change (an earlier answer arriving late cannot take the
  // address or the shipping choices of a later one away).
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const apply = useCallback(
    (call: () => Promise<Checkout>): Promise<Checkout> => {
      const answer = queue.current.then(async () => {
        setSaving((n) => n + 1);
        try {
          const next = await call();
          setCheckout(next);
          // Told only in the answer of the change that took the code off: kept until a code is applied.
          if (next.couponRemoved) setCouponRemoved(next.couponRemoved);
          else if (next.coupon) setCouponRemoved(null);
          return next;
        } finally {
          setSaving((n) => n - 1);
        }
      });
      queue.current = answer.catch(() => {});
      return track(answer);
    },
    [track],
  );

  const save = useCallback(
    (update: Omit<CheckoutUpdate, 'token'>, options: { all?: boolean; quiet?: boolean } = {}) =>
      // Tracked with the errors it sets, so a step left after whenSaved() sees them.
      track(
        (async () => {
          try {
            const body = { token, ...update };
            await apply(() => (options.all ? api.checkout.saveAll(body) : api.checkout.save(body)));
            return true;
          } catch (error) {
            if (error instanceof ApiError && error.status === 400) {
              const found = (await loadValidation()).serverFieldErrors(error.data);
              if (!options.quiet) {
                setErrorState((current) => ({ ...current, ...found }));
                setSummary(Object.keys(found));
              }
              return false;
            }
            throw error;
          }
        })(),
      ),
    [api, token, apply, track],
  );

  // After hydration (never in the server's HTML): what was typed but not sent, else the shopper's saved
  // info. What of it is valid and not on the server yet (a reload before leaving the field, a checkout
  // started anew from the cart page) is sent, so shipping can be priced for it.
  useEffect(() => {
    let live = true;
    void import('./checkout-draft').then((drafts) => {
      draftsRef.current = drafts;
      if (live) restore(drafts);
    });
    return () => {
      live = false;
    };
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- `restore` is this render's; re-run for a new checkout only
  }, [token, data.checkout, data.countries, save]);

  /** The browser's languages may name a region the locale does not (de-AT): the form follows, once. */
  function inVisitorCountry(current: CheckoutForm, drafts: Drafts): CheckoutForm {
    const country = offeredCountry(visitorCountry(locale, browserLanguages()), data.countries);
    const { shippingAddress } = current;
    if (!country || country === shippingAddress.country || shippingAddress.province) return current;
    return drafts.withCountry(current, country);
  }

  function restore(drafts: Drafts) {
    const draft = drafts.readDraft(token);
    const savedInfo = drafts.readSavedInfo();
    const saved = draft ? null : savedInfo;
    let next = formRef.current;
    // What the shopper typed before the drafts module came (a fast hand, a slow phone) is never replaced
    // by a guess: the saved info and the visitor's country fill an untouched form only.
    const untouched = next === initialForm.current;
    if (draft) next = { ...next, ...draft };
    else if (untouched && saved && !data.checkout.email && !data.checkout.shippingAddress)
      next = { ...next, email: saved.email, shippingAddress: saved.shippingAddress, saveInfo: true };
    else if (untouched && !data.checkout.shippingAddress) next = inVisitorCountry(next, drafts);
    restored.current = true;
    if (next === formRef.current) {
      // Typed before the drafts module came (the write below runs only on a change): kept now.
      if (next !== initialForm.current) draftsRef.current?.writeDraft(token, next);
      return;
    }
    setForm(next);
    const restoredForm = next;
    void loadValidation()
      .then(({ contactProblems, addressProblems }) => {
        const update: Omit<CheckoutUpdate, 'token'> = {};
        if (!data.checkout.email && !Object.keys(contactProblems(restoredForm)).length) update.email = restoredForm.email.trim();
        if (
          !data.checkout.shippingAddress &&
          !Object.keys(addressProblems('shippingAddress', restoredForm.shippingAddress, data.countries)).length
        )
          update.shippingAddress = restoredForm.shippingAddress;
        if (Object.keys(update).length) return save(update, { quiet: true });
      })
      .catch(() => {});
  }

  // Written at once, in the same task as the keystroke: a reload right after it keeps it.
  useEffect(() => {
    if (restored.current) draftsRef.current?.writeDraft(token, form);
  }, [token, form]);

  // The checks load once the page is there, before the shopper leaves a field.
  useEffect(() => void loadValidation().catch(() => {}), []);

  const leave = useCallback(
    (path: string) => {
      void loadValidation()
        .then(({ fieldProblem, addressProblems }) => {
          const current = formRef.current;
          const problem = fieldProblem(path, current, data.countries);
          setErrorState(({ [path]: _old, ...rest }) => (problem ? { ...rest, [path]: problem } : rest));
          if (problem) return;
          // Saved as the shopper goes: the contact alone, an address once all of it is valid.
          if (path === '/email')
            return save({ email: current.email.trim(), acceptsMarketing: current.acceptsMarketing }, { quiet: true });
          if (path.startsWith('/shippingAddress/')) {
            if (!Object.keys(addressProblems('shippingAddress', current.shippingAddress, data.countries)).length)
              return save({ shippingAddress: current.shippingAddress }, { quiet: true });
          } else if (path.startsWith('/billingAddress/') && !current.asShippingAddress) {
            if (!Object.keys(addressProblems('billingAddress', current.billingAddress, data.countries)).length)
              return save({ asShippingAddress: false, billingAddress: current.billingAddress }, { quiet: true });
          }
        })
        .catch(() => {});
    },
    [data.countries, save],
  );

  const store = useMemo<CheckoutStore>(
    () => ({
      token,
      checkout,
      countries: data.countries,
      methods: data.methods,
      tip: data.tip,
      insurance: data.insurance,
      funnel: data.funnel,
      form,
      errors,
      summary,
      saving: saving > 0,
      change,
      leave,
      setErrors,
      fieldError,
      save,
      setCheckout,
      apply,
      whenSaved,
      couponRemoved,
      setCouponRemoved,
    }),
    [
      token,
      checkout,
      data,
      form,
      errors,
      summary,
      saving,
      change,
      leave,
      setErrors,
      fieldError,
      save,
      apply,
      whenSaved,
      couponRemoved,
    ],
  );
  return <Store.Provider value={store}>{children}</Store.Provider>;
}
