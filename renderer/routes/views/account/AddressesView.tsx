import { getRouteApi, Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomerAddress } from '../../../../schemas/generated/api';
import { errorMessage } from '../../../api/error-message';
import { useApi } from '../../../state/api-context';
import { AccountPage } from '../../../ui/account/AccountPage';
import { addressSummary } from '../../../ui/account/address-book';
import { DeleteAddressButton } from '../../../ui/account/DeleteAddressButton';
import { OrderAddress } from '../../../ui/order/OrderAddress';

const route = getRouteApi('/account/addresses');

/**
 * The address book (spec section 2, /account/addresses): each address as a postal label, the default
 * first and marked, with edit, delete (asked again) and "set as default". What a change did is said in a
 * status line that takes the focus when the button that made it is gone.
 */
export default function AddressesView() {
  const { t } = useTranslation();
  const api = useApi();
  const loaded = route.useLoaderData();
  // The book as the last change answered it, until the loader brings it anew.
  const [addresses, setAddresses] = useState(loaded.addresses);
  useEffect(() => setAddresses(loaded.addresses), [loaded.addresses]);
  const [notice, setNotice] = useState('');
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState<number | null>(null);
  const status = useRef<HTMLParagraphElement>(null);

  /** Each change told: the status line takes the focus once it shows the words (its button is gone or moved). */
  const [toldCount, setToldCount] = useState(0);
  useEffect(() => {
    if (toldCount) status.current?.focus();
  }, [toldCount]);

  /** Says what happened, on the status line, and moves the focus there. */
  function told(message: string) {
    setFailure('');
    setNotice(message);
    setToldCount((n) => n + 1);
  }

  async function makeDefault(address: CustomerAddress) {
    if (busy !== null) return;
    setBusy(address.id);
    try {
      setAddresses(await api.request('put /customer/addresses/{id}/active', { path: { id: String(address.id) } }));
      told(t('addressBook.defaultChanged', { address: addressSummary(address) }));
    } catch (error) {
      setNotice('');
      setFailure(await errorMessage(error, t));
    } finally {
      setBusy(null);
    }
  }

  return (
    <AccountPage section="addresses" title={t('addressBook.title')}>
      <p className="account__notice" role="status" tabIndex={-1} ref={status}>
        {notice}
      </p>
      <p className="account__alert" role="alert">
        {failure}
      </p>
      <p className="address-book__add">
        <Link to="/account/addressAdd" className="button">
          {t('addressBook.add')}
        </Link>
      </p>
      {addresses.length === 0 ? (
        <p>{t('addressBook.empty')}</p>
      ) : (
        <ul className="address-book" aria-label={t('addressBook.listLabel')}>
          {addresses.map((address) => {
            const summary = addressSummary(address);
            return (
              <li key={address.id} className="account__card address-card">
                {address.isDefault ? <p className="address-card__default">{t('addressBook.default')}</p> : null}
                <OrderAddress address={address} />
                <div className="address-card__actions">
                  <Link to="/account/addressEdit" search={{ id: address.id }} className="link-button">
                    {t('addressBook.edit')} <span className="visually-hidden">{summary}</span>
                  </Link>
                  {address.isDefault ? null : (
                    <button
                      type="button"
                      className="link-button"
                      aria-disabled={busy !== null || undefined}
                      onClick={() => void makeDefault(address)}
                    >
                      {t('addressBook.makeDefault')} <span className="visually-hidden">{summary}</span>
                    </button>
                  )}
                  <DeleteAddressButton
                    address={address}
                    onDeleted={(book) => {
                      setAddresses(book);
                      told(t('addressBook.deleted', { address: summary }));
                    }}
                    onFailure={(message) => {
                      setNotice('');
                      setFailure(message);
                    }}
                  />
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </AccountPage>
  );
}
