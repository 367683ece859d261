// What the address book's pages (routes/account-addresses.tsx) load, shared with their views.
import type { Country, CustomerAddress } from '../../schemas/generated/api';

/** /account/addresses: the book, the default first, and the countries to name them. */
export interface AddressBookData {
  addresses: CustomerAddress[];
  countries: Country[];
}

/** /account/addressAdd: the countries the shop ships to (the form's list) and whether the book is empty. */
export interface AddressAddData {
  countries: Country[];
  /** The first address of a book is its default whatever is ticked: the form says so. */
  first: boolean;
}

/** /account/addressEdit?id=…: the address and the countries. */
export interface AddressEditData {
  address: CustomerAddress;
  countries: Country[];
}
