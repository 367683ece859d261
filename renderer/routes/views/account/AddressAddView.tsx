import { getRouteApi, Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { offeredCountry, visitorCountry } from '../../../i18n/visitor-country';
import { AccountPage } from '../../../ui/account/AccountPage';
import { AddressBookForm } from '../../../ui/account/AddressBookForm';
import { emptyAddress } from '../../../ui/checkout/checkout-form';

const route = getRouteApi('/account/addressAdd');

/** A new address of the book (spec section 2, /account/addressAdd), in the visitor's country when the shop ships there. */
export default function AddressAddView() {
  const { t, i18n } = useTranslation();
  const { countries, first } = route.useLoaderData();
  return (
    <AccountPage section="addresses" title={t('addressBook.addTitle')}>
      <p>
        <Link to="/account/addresses">{t('addressBook.back')}</Link>
      </p>
      <AddressBookForm
        countries={countries}
        initial={emptyAddress(offeredCountry(visitorCountry(i18n.language), countries))}
        first={first}
      />
    </AccountPage>
  );
}
