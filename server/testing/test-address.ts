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
