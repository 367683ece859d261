// Each checkout style rendered as the server renders it: the steps, the form's fields with their labels,
// the order summary and totals, in the visitor's language, with no missing strings.
import { describe, expect, it } from 'vitest';
import { CheckoutProvider, type CheckoutData } from '../../../state/checkout-store';
import { renderInShop } from '../../../../test-support/renderer/render-page';
import { checkoutData, shippingAddress } from '../../../../test-support/renderer/checkout-fixture';
import { BillingSection } from '../../../ui/checkout/BillingSection';
import { DiscountCode } from '../../../ui/checkout/DiscountCode';
import { emptyCard } from '../../../ui/checkout/checkout-form';
import PaymentFields from '../../../ui/checkout/PaymentFields';
import { InformationStep } from './InformationStep';
import { OnePage } from '../../../ui/checkout/OnePage';
import OnePageDetails from '../../../ui/checkout/OnePageDetails';
import { PaymentStep } from './PaymentStep';
import { ShippingStep } from './ShippingStep';

async function render(view: React.ReactNode, data: CheckoutData = checkoutData(), locale = 'en') {
  const missingKeys: string[] = [];
  const html = await renderInShop(<CheckoutProvider data={data}>{view}</CheckoutProvider>, { locale, missingKeys });
  expect(missingKeys).toEqual([]);
  return html;
}

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('the multi-step checkout', () => {
  it('shows step 1 of 3 with breadcrumbs, contact, the shipping address and the summary', async () => {
    const html = await render(<InformationStep />);
    expect(text(html)).toContain('Step 1 of 3');
    expect(html).toMatch(/<span aria-current="step">Information<\/span>/);
    expect(html).toContain('aria-label="Checkout steps"');
    for (const label of ['Email', 'First name', 'Last name', 'Address', 'City', 'ZIP/postal code', 'Mobile phone'])
      expect(html).toContain(`>${label}</label>`);
    // The newsletter opt-in is off by default; the phone shows the country's prefix.
    expect(html).toMatch(/<input type="checkbox"\/>Email me with news and offers/);
    expect(html).toContain('<span class="field__prefix">+1</span>');
    expect(text(html)).toContain('Linen Shirt');
    expect(text(html)).toContain('Colour: Sand');
    expect(text(html)).toContain('Show order summary');
    expect(text(html)).toContain('Return to cart');
    expect(text(html)).toContain('Continue to shipping');
  });

  it('shows what was saved on the shipping step, with links back to change it', async () => {
    const data = checkoutData({ email: 'ada@example.com', shippingAddress });
    const html = await render(<ShippingStep />, data);
    expect(text(html)).toContain('Step 2 of 3');
    expect(text(html)).toContain('ada@example.com');
    expect(text(html)).toContain('1 Market Street');
    expect(text(html)).toContain('Return to information');
    expect(text(html)).toContain('Shipping insurance');
    expect(text(html)).toContain('Add a tip');
    // 5, 10 and 15 % of the subtotal; the shop's 0 % is "No tip".
    expect(text(html)).toContain('No tip');
    expect(text(html)).toContain('10% ($8.55)');
  });

  it('offers billing same as shipping by default, the card form and complete order on the payment step', async () => {
    const data = checkoutData({
      email: 'ada@example.com',
      shippingAddress,
      shippingTemplateId: 1,
      shippingTemplateName: 'Standard',
    });
    const html = await render(<PaymentStep />, data);
    expect(text(html)).toContain('Step 3 of 3');
    // Billing and the card fields arrive after the page shows.
    const billing = await render(<BillingSection />, data);
    expect(billing).toMatch(/<input type="radio" name="asShippingAddress" checked=""\/>/);
    expect(text(billing)).toContain('Same as shipping address');
    const card = await render(
      <PaymentFields
        card={emptyCard()}
        setCard={() => {}}
        method="card"
        setMethod={() => {}}
        chosen={data.methods[0]}
        extra={{}}
        setExtra={() => {}}
      />,
      data,
    );
    for (const label of ['Card number', 'Expiry date (MM/YY)', 'Security code', 'Name on card'])
      expect(card).toContain(`>${label}</label>`);
    expect(card).toMatch(/autoComplete="cc-number"/i);
    expect(text(html)).toContain('Complete order');
    expect(text(html)).toContain('Return to shipping');
    expect(text(html)).toContain('Standard');
  });

  it('is translated (French)', async () => {
    const html = await render(<InformationStep />, checkoutData(), 'fr');
    expect(text(html)).toContain('Étape 1 sur 3');
    expect(text(html)).toContain('Adresse de livraison');
  });
});

describe('the one-page checkout', () => {
  it('shows every section on one page: contact, address, then (arriving after the page) shipping and billing, payment', async () => {
    const page = text(await render(<OnePage />));
    for (const heading of ['Contact', 'Shipping address']) expect(page).toContain(heading);
    expect(page).not.toContain('Step 1 of 3');
    const details = text(await render(<OnePageDetails submitRef={{ current: null }} />));
    for (const heading of ['Shipping method', 'Shipping insurance', 'Add a tip', 'Billing address', 'Payment'])
      expect(details).toContain(heading);
    for (const label of ['Card number', 'Security code', 'Name on card']) expect(details).toContain(label);
    expect(details).toContain('Complete order');
    expect(details).toContain('Enter your shipping address to see the ways of shipping.');
  });

  it('shows the totals the server priced, the discount and the shipping still to choose', async () => {
    const data = checkoutData();
    data.checkout.coupon = { code: 'WELCOME10', applied: true };
    data.checkout.totals.totalCoupon = { amount: 855, currencyCode: 'USD' };
    data.checkout.totals.totalPrice = { amount: 7695, currencyCode: 'USD' };
    const page = text(await render(<OnePage />, data));
    // The discount code form arrives after the page shows.
    const discount = text(await render(<DiscountCode />, data));
    expect(discount).toContain('Discount code');
    expect(discount).toContain('Discount code WELCOME10 applied');
    expect(page).toMatch(/Subtotal \$90\.00/);
    expect(page).toMatch(/Promotion − ?\$4\.50/);
    expect(page).toMatch(/Discount − ?\$8\.55/);
    // A one-page checkout has no next step (issue 23, item 9): it says what to do here instead.
    expect(page).not.toContain('next step');
    expect(page).toMatch(/Shipping (Enter your shipping address|Choose a shipping method)/);
    expect(page).toMatch(/Total \$76\.95/);
  });
});

describe('the one-page cart checkout', () => {
  it("puts what the style gives above the form and leaves the lines out of the summary (the cart's lines show them)", async () => {
    const html = await render(<OnePage top={<p>CART LINES</p>} />);
    expect(text(html)).toContain('CART LINES');
    expect(html).not.toContain('summary-line__title');
    expect(text(html)).toContain('Contact');
  });
});
