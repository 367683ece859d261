// Filling in the checkout's pages as a shopper does, in English, with the shared test address.
import type { Page } from '@playwright/test';

/** Contact and shipping address on the information step (or the one-page checkout), the last field left. */
export async function fillInformation(page: Page) {
  await page.getByLabel('Email', { exact: true }).fill('ada@example.com');
  await page.getByLabel('Country/region').selectOption('US');
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Address', { exact: true }).fill('1 Market Street');
  await page.getByLabel('City').fill('San Francisco');
  await page.getByLabel('State/province').selectOption('CA');
  await page.getByLabel('ZIP/postal code').fill('94103');
  await page.getByLabel('Mobile phone').fill('415 555 0100');
  await page.getByLabel('Mobile phone').blur();
}

/** The multi-step checkout from its information step to its payment step. */
export async function toPaymentStep(page: Page) {
  await fillInformation(page);
  await page.getByRole('button', { name: 'Continue to shipping' }).click();
  await page.waitForURL(/\/checkout\/shipping/);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.waitForURL(/\/checkout\/payment/);
}

/** The test card's fields: `number`, a future expiry, a security code and a name. */
export async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel(/^Expir(y|ation) date/).fill('12/34');
  await page.getByLabel('Security code').fill('123');
  await page.getByLabel('Name on card').fill('Ada Lovelace');
}
