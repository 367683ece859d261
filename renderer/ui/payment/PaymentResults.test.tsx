// The result pages' parts as a shopper reads them, in English and French: a failure's ways on (none for
// an order whose time ran out), the rejected wallet's countdown, canceled, the waiting pages and a
// missing order.
import { describe, expect, it } from 'vitest';
import type { OrderStatus } from '../../../schemas/generated/api';
import { CanceledResult } from '../../routes/views/payment/CanceledResult';
import { FailedResult } from '../../routes/views/payment/FailedResult';
import { WaitingResult } from '../../routes/views/payment/WaitingResult';
import { renderInShop } from '../../../test-support/renderer/render-page';
import { placedOrder } from '../../../test-support/renderer/order-fixture';
import { OrderMissing } from './OrderMissing';

const CHECKOUT = '0123456789abcdef0123456789abcdef';
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
const status = (payment: Partial<NonNullable<OrderStatus['payment']>>, order: Partial<OrderStatus> = {}): OrderStatus => ({
  number: 'VG-10042',
  status: 'pending',
  fulfillmentStatus: 'unfulfilled',
  payment: { method: 'card', status: 'failed', next: '/payment/failed?order=t', ...payment },
  checkoutToken: CHECKOUT,
  addressConfirmBy: null,
  expiresAt: null,
  ...order,
});

async function both(node: React.ReactElement) {
  const missing: string[] = [];
  const en = await renderInShop(node, { missingKeys: missing });
  const fr = await renderInShop(node, { locale: 'fr', missingKeys: missing });
  expect(missing).toEqual([]);
  return { en, fr, enText: text(en), frText: text(fr) };
}

describe('payment result pages', () => {
  it('failed: the message, the order number, and "try another card or payment method" to the payment step', async () => {
    const { en, enText, frText } = await both(
      <FailedResult status={status({ code: 80003 })} failureKey="errors.authenticationFailed" />,
    );
    expect(enText).toContain('Payment failed');
    expect(enText).toContain('The card authentication failed.');
    expect(enText).toContain('Order VG-10042');
    expect(en).toContain(`href="/checkout/payment?token=${CHECKOUT}"`);
    expect(enText).toContain('Try another card or payment method');
    expect(frText).toContain('Échec du paiement');
    expect(frText).toContain('L’authentification de la carte a échoué.');
    expect(frText).toContain('Essayer une autre carte ou un autre moyen de paiement');
  });

  it('failed with 5008: the time to pay ran out, no retry, a link to the shop', async () => {
    const { en, enText, frText } = await both(
      <FailedResult
        status={status({ code: 5008 }, { checkoutToken: null, status: 'expired' })}
        failureKey="errors.paymentPeriodExpired"
      />,
    );
    expect(enText).toContain('The time to pay has run out');
    expect(enText).toContain('The time to pay for this order has run out.');
    expect(en).not.toContain('/checkout/');
    expect(enText).not.toContain('Try another');
    expect(en).toContain('href="/collections/all"');
    expect(frText).toContain('Le délai de paiement est dépassé');
  });

  it('failed while the order is no longer payable: no retry link', async () => {
    const { en } = await both(<FailedResult status={status({ code: 80002 }, { checkoutToken: null })} failureKey={null} />);
    expect(text(en)).toContain('Payment failed');
    expect(en).not.toContain('/checkout/');
  });

  it('a rejected wallet: says the PayPal window reopens in 10 seconds, counts down, and offers to reopen now or choose another method', async () => {
    const { en, enText, frText } = await both(
      <FailedResult
        status={status({ code: 8003, reason: 'walletRejected', method: 'paypal' })}
        failureKey="errors.customerRefusedPayment"
      />,
    );
    expect(en).toMatch(/<p role="status">PayPal information rejected: the PayPal window reopens in 10 seconds\.<\/p>/);
    expect(enText).toContain('Reopening in 10 s');
    expect(en).toMatch(/<button type="button" class="button"[^>]*>Reopen PayPal now<\/button>/);
    expect(en).toContain(`href="/checkout/payment?token=${CHECKOUT}"`);
    expect(enText).toContain('Choose another payment method');
    expect(frText).toContain('Informations PayPal refusées : la fenêtre PayPal se rouvre dans 10 secondes.');
    expect(frText).toContain('Réouverture dans 10 s');
  });

  it('canceled: "you canceled the payment", try again and continue shopping', async () => {
    const { en, enText, frText } = await both(<CanceledResult status={status({ status: 'canceled' })} />);
    expect(enText).toContain('Payment canceled');
    expect(enText).toContain('You canceled the payment.');
    expect(en).toMatch(new RegExp(`<a class="button" href="/checkout/payment\\?token=${CHECKOUT}"[^>]*>Try again</a>`));
    expect(enText).toContain('Continue shopping');
    expect(frText).toContain('Vous avez annulé le paiement.');
  });

  it('processing, authorization, pending (bank and voucher) say what is waited for', async () => {
    const waiting = (page: 'processing' | 'authorization' | 'pending', payBy: string | null = null) =>
      both(<WaitingResult page={page} order="t" initial={status({ status: page })} payBy={payBy} summary={null} />);
    expect((await waiting('processing')).enText).toContain(
      'Your card issuer is still processing the payment for order VG-10042.',
    );
    expect((await waiting('authorization')).frText).toContain('En attente d’autorisation');
    const bank = await waiting('pending');
    expect(bank.enText).toContain('Confirmation takes 2–15 minutes, and an email follows.');
    expect(bank.frText).toContain('La confirmation prend de 2 à 15 minutes');
    const voucher = await waiting('pending', 'Nov 26, 2026, 3:40 PM UTC');
    expect(voucher.enText).toContain('Pay your voucher by Nov 26, 2026, 3:40 PM UTC to complete order VG-10042.');
    expect(voucher.en).toMatch(/role="status"[^>]*>This page updates by itself\./);
  });

  it('pending: shows the steps with the current one marked, and the order’s lines and totals', async () => {
    const { en, enText, frText } = await both(
      <WaitingResult page="pending" order="t" initial={status({ status: 'pending' })} payBy={null} summary={placedOrder} />,
    );
    expect(en).toMatch(/<ol class="payment-progress" aria-label="Payment progress">/);
    expect(en).toMatch(/aria-current="step"[^>]*>.*Confirming payment/);
    expect(enText).toContain('Order placed');
    expect(enText).toContain('Order summary');
    expect(enText).toContain(placedOrder.lines[0]!.title);
    expect(frText).toContain('Confirmation du paiement');
    const none = await both(
      <WaitingResult page="pending" order="t" initial={status({ status: 'pending' })} payBy={null} summary={null} />,
    );
    expect(none.enText).not.toContain('Order summary');
  });

  it('a missing order: says so, with a link home and to tracking', async () => {
    const { en, enText, frText } = await both(<OrderMissing />);
    expect(enText).toContain('This order does not exist');
    expect(en).toContain('href="/track"');
    expect(en).toContain('href="/"');
    expect(frText).toContain('Cette commande n’existe pas');
  });
});
