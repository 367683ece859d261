// The address the tests, the e2e specs and the bench ship to: one that passes every rule of spec section 5
// and that the demo shop serves (US, California: standard and express shipping).
export const TEST_ADDRESS = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  country: 'US',
  province: 'CA',
  city: 'San Francisco',
  address1: '1 Market Street',
  address2: '',
  zip: '94103',
  phone: '+1 415 555 0134',
};

/** A Dutch address (International shipping, template 4): where iDEAL works, paid in euros. */
export const DUTCH_ADDRESS = {
  firstName: 'Ada',
  lastName: 'de Vries',
  country: 'NL',
  province: '',
  city: 'Amsterdam',
  address1: 'Damrak 1',
  address2: '',
  zip: '1012 LG',
  phone: '+31 20 555 0100',
};

/** A German address: where Giropay works, in euros. */
export const GERMAN_ADDRESS = {
  ...DUTCH_ADDRESS,
  country: 'DE',
  city: 'Berlin',
  address1: 'Unter den Linden 1',
  zip: '10117',
  phone: '+49 30 555 0100',
};

/** A Mexican address: where OXXO works, paid in pesos. */
export const MEXICAN_ADDRESS = {
  ...DUTCH_ADDRESS,
  lastName: 'García',
  country: 'MX',
  city: 'Ciudad de México',
  address1: 'Avenida Juárez 10',
  zip: '06050',
  phone: '+52 55 5555 0100',
};
