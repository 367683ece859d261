import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShopActions } from '../../../state/shop-state';
import { AccountPage } from '../../../ui/account/AccountPage';
import { AddressBookForm } from '../../../ui/account/AddressBookForm';
import { addressSummary, formAddressOf } from '../../../ui/account/address-book';
import { DeleteAddressButton } from '../../../ui/account/DeleteAddressButton';

const route = getRouteApi('/account/addressEdit');

/** One address of the book changed (spec section 2, /account/addressEdit?id=…), made the default, or deleted. */
export default function AddressEditView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { toast } = useShopActions();
  const { address, countries } = route.useLoaderData();
  const [failure, setFailure] = useState('');
  return (
    <AccountPage section="addresses" title={t('addressBook.editTitle')}>
      <p>
        <Link to="/account/addresses">{t('addressBook.back')}</Link>
      </p>
      {/* The form is drawn anew for another address (the page stays when only the id changes). */}
      <AddressBookForm key={address.id} countries={countries} initial={formAddressOf(address)} editing={address} />
      <div className="address-book__danger">
        <p className="account__alert" role="alert">
          {failure}
        </p>
        <DeleteAddressButton
          address={address}
          className="button button--secondary"
          onDeleted={() => {
            toast((tr) => tr('addressBook.deleted', { address: addressSummary(address) }), 'success');
            void navigate({ to: '/account/addresses' });
          }}
          onFailure={setFailure}
        />
      </div>
    </AccountPage>
  );
}
