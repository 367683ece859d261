import { useRouter } from '@tanstack/react-router';
import { createContext, useContext, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import type { CheckoutAddress, Country, Province } from '../../../schemas/generated/api';
import { useTranslation } from 'react-i18next';
import { useCheckoutIfAny } from '../../state/checkout-store';
import { SuggestedAddressLine } from './address-suggest/SuggestedAddressLine';
import { fieldId, type AddressKind, type CheckoutForm, type FieldErrors, type FieldProblem } from './checkout-form';
import { Field, SelectField } from './Field';

/** Provinces already asked for in this visit, by country. */
const provinceCache = new Map<string, Promise<Province[]>>();

function useProvinces(country: string, hasProvinces: boolean): Province[] {
  const { api } = useRouter().options.context;
  const [provinces, setProvinces] = useState<Province[]>([]);
  useEffect(() => {
    if (!hasProvinces || !country) return setProvinces([]);
    let live = true;
    let load = provinceCache.get(country);
    if (!load) {
      load = api.checkout.provinces(country);
      provinceCache.set(country, load);
      load.catch(() => provinceCache.delete(country));
    }
    load.then((list) => live && setProvinces(list)).catch(() => live && setProvinces([]));
    return () => {
      live = false;
    };
  }, [api, country, hasProvinces]);
  return provinces;
}

/** What the address fields read and change: the checkout's store, or another form's (the payment pages). */
export interface AddressFormState {
  form: Pick<CheckoutForm, AddressKind>;
  errors: FieldErrors;
  countries: Country[];
  change(kind: AddressKind, value: CheckoutAddress): void;
  leave(path: string): void;
  fieldError(path: string, problem: FieldProblem | null): void;
}

/** Given by a form other than the checkout (/payment/confirmAddress, /payment/replenishAddress). */
export const AddressFormContext = createContext<AddressFormState | null>(null);

function useAddressForm(): AddressFormState {
  const own = useContext(AddressFormContext);
  const checkout = useCheckoutIfAny();
  const store = own ?? checkout;
  if (!store) throw new Error('CheckoutProvider or AddressFormContext is missing');
  return store;
}

/**
 * A shipping or billing address (spec section 3): country first (it decides the province list, the
 * postcode's form and the phone prefix), then the fields in the order of a postal address.
 */
export function AddressFields({ kind }: { kind: AddressKind }) {
  const { t } = useTranslation();
  const { api } = useRouter().options.context;
  const { form, errors, change, leave, countries, fieldError } = useAddressForm();
  const address = form[kind];
  const country = countries.find((c) => c.code === address.country);
  const provinces = useProvinces(address.country, Boolean(country?.hasProvinces));
  const path = (field: keyof CheckoutAddress) => `/${kind}/${field}`;
  const set = (field: keyof CheckoutAddress, value: string) => change(kind, { ...form[kind], [field]: value });
  const autoSection = kind === 'shippingAddress' ? 'shipping' : 'billing';
  const text = (field: keyof CheckoutAddress, autoComplete: string, extra: Partial<Parameters<typeof Field>[0]> = {}) => (
    <Field
      path={path(field)}
      label={t(`checkout.address.${field}`)}
      problem={errors[path(field)]}
      value={address[field]}
      autoComplete={`${autoSection} ${autoComplete}`}
      onChange={(e) => set(field, e.target.value)}
      onBlur={() => leave(path(field))}
      {...extra}
    />
  );

  // The postcode is also asked of the server (base-districts/check/zip) once the rules pass.
  function leaveZip() {
    leave(path('zip'));
    if (!address.zip.trim() || !country) return;
    api.checkout
      .checkZip(address.country, address.zip.trim())
      .then((answer) => {
        if (!answer.valid) fieldError(path('zip'), 'zip');
      })
      .catch(() => {});
  }

  return (
    <div className="address-fields">
      <SelectField
        path={path('country')}
        label={t('checkout.address.country')}
        problem={errors[path('country')]}
        value={address.country}
        autoComplete={`${autoSection} country`}
        options={[
          ...countries.map((c) => ({ value: c.code, label: c.name })),
          // A country saved before the shop stopped serving it stays visible, with its message.
          ...(address.country && !country ? [{ value: address.country, label: address.country }] : []),
        ]}
        placeholder={address.country ? undefined : t('checkout.address.choose')}
        onChange={(value) => {
          change(kind, { ...address, country: value, province: '' });
          // Checked once the new country is in the form.
          setTimeout(() => leave(path('country')));
        }}
        onBlur={() => leave(path('country'))}
      />
      <div className="field-row">
        {text('firstName', 'given-name')}
        {text('lastName', 'family-name')}
      </div>
      <SuggestedAddressLine
        inputId={fieldId(path('address1'))}
        country={address.country}
        field={(combo) => text('address1', 'address-line1', { hint: t('checkout.address.address1Hint'), ...combo })}
        onPick={(picked) => {
          // A picked address fills its fields (address line 2 only when the place has one: a flat the
          // shopper typed stays) and the form's checks run on them as if the shopper had left each; the
          // form is rendered first, so the checks read the filled fields.
          flushSync(() =>
            change(kind, {
              ...form[kind],
              address1: picked.address1,
              address2: picked.address2 || form[kind].address2,
              city: picked.city,
              province: picked.province,
              zip: picked.zip,
              country: picked.country,
            }),
          );
          for (const field of ['country', 'address1', 'city', 'province', 'zip'] as const) leave(path(field));
        }}
      />
      {text('address2', 'address-line2', { optional: true })}
      <div className="field-row">
        {text('city', 'address-level2')}
        {country?.hasProvinces ? (
          <SelectField
            path={path('province')}
            label={t('checkout.address.province')}
            problem={errors[path('province')]}
            value={address.province}
            autoComplete={`${autoSection} address-level1`}
            options={
              provinces.length
                ? provinces.map((p) => ({ value: p.code, label: p.name }))
                : address.province
                  ? [{ value: address.province, label: address.province }]
                  : []
            }
            placeholder={t('checkout.address.choose')}
            onChange={(value) => set('province', value)}
            onBlur={() => leave(path('province'))}
          />
        ) : null}
        {text('zip', 'postal-code', {
          onBlur: leaveZip,
          ...(country?.zip.example ? { hint: t('checkout.address.zipExample', { example: country.zip.example }) } : {}),
        })}
      </div>
      {text('phone', 'tel', {
        type: 'tel',
        inputMode: 'tel',
        ...(country?.phonePrefix ? { prefix: `+${country.phonePrefix.replace(/^\+/, '')}` } : {}),
        hint: country?.phonePrefix
          ? t('checkout.address.phoneHint', { prefix: `+${country.phonePrefix.replace(/^\+/, '')}` })
          : t('checkout.address.phoneHintPlain'),
      })}
    </div>
  );
}
