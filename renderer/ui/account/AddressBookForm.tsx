import { useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CheckoutAddress, Country, CustomerAddress } from '../../../schemas/generated/api';
import { ApiError } from '../../api/api-error';
import { errorMessage } from '../../api/error-message';
import { useApi } from '../../state/api-context';
import { useShopActions } from '../../state/shop-state';
import { PaymentAddressForm } from '../payment-actions/PaymentAddressForm';
import { addressInput, bookErrorsOf } from './address-book';

/**
 * Adds an address to the book or changes one (`editing`), with the checkout's own address fields and
 * rules (PaymentAddressForm: each field checked as it is left, all on submit, the first bad one focused;
 * the server's refusal shown on its fields). Saved, the book's list opens with a message. The default
 * stays where it is unless "use as my default address" is ticked; the first address of a book, and the
 * default itself, are the default whatever the box says, so the box says so.
 */
export function AddressBookForm({
  countries,
  initial,
  editing,
  first = false,
}: {
  countries: Country[];
  initial: CheckoutAddress;
  editing?: CustomerAddress;
  first?: boolean;
}) {
  const { t } = useTranslation();
  const api = useApi();
  const navigate = useNavigate();
  const { toast } = useShopActions();
  const hintId = useId();
  const fixed = first || editing?.isDefault === true;
  const [isDefault, setDefault] = useState(fixed);
  const [failure, setFailure] = useState<string | null>(null);

  async function save(address: CheckoutAddress) {
    setFailure(null);
    try {
      const body = addressInput(address, isDefault);
      if (editing) await api.request('put /customer/addresses/{id}', { path: { id: String(editing.id) }, body });
      else await api.request('post /customer/addresses', { body });
      toast((tr) => tr(editing ? 'addressBook.changed' : 'addressBook.added'), 'success');
      await navigate({ to: '/account/addresses' });
      return null;
    } catch (error) {
      const fields = error instanceof ApiError && error.status === 400 ? bookErrorsOf(error.data) : null;
      if (fields) return fields;
      setFailure(await errorMessage(error, t));
      return null;
    }
  }

  return (
    <>
      <p className="account__alert" role="alert">
        {failure}
      </p>
      <PaymentAddressForm
        initial={initial}
        countries={countries}
        label={editing ? t('addressBook.editTitle') : t('addressBook.addTitle')}
        submitLabel={t('addressBook.save')}
        busyLabel={t('addressBook.saving')}
        onSubmit={save}
      >
        <div className="address-book__default">
          <label className="check">
            <input
              type="checkbox"
              checked={isDefault}
              disabled={fixed}
              aria-describedby={fixed ? hintId : undefined}
              onChange={(e) => setDefault(e.target.checked)}
            />
            {t('addressBook.useAsDefault')}
          </label>
          {fixed ? (
            <p className="field__hint" id={hintId}>
              {first ? t('addressBook.firstIsDefault') : t('addressBook.isDefaultHint')}
            </p>
          ) : null}
        </div>
      </PaymentAddressForm>
    </>
  );
}
