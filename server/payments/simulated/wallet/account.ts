// The test wallet's one account (the shopper "signed in" at PayPal / Google Pay / Apple Pay): the e-mail
// and saved address the wallet hands the shop. Fixed, so tests and e2e know what the sheet shows.
import type { CheckoutAddress } from '../../../../schemas/generated/api';

export const WALLET_ACCOUNT_EMAIL = 'grace.hopper@wallet.example';

export const WALLET_ACCOUNT_ADDRESS: CheckoutAddress = {
  firstName: 'Grace',
  lastName: 'Hopper',
  country: 'US',
  province: 'CA',
  city: 'Santa Monica',
  address1: '2 Ocean Avenue',
  address2: '',
  zip: '90401',
  phone: '+1 310 555 0199',
};

/** The brand a method's `options.wallet` names, as its pages and buttons write it. */
export const WALLET_BRANDS: Record<string, string> = {
  paypal: 'PayPal',
  'google-pay': 'Google Pay',
  'apple-pay': 'Apple Pay',
};

export const walletBrand = (wallet: unknown) =>
  (typeof wallet === 'string' ? WALLET_BRANDS[wallet] : undefined) ?? WALLET_BRANDS.paypal!;
