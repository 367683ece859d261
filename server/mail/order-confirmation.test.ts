// The order confirmation mail as a shopper reads it: subject and order number, every total in the shop's
// money format, the address and links, in the order's language; what shoppers typed is escaped.
import { describe, expect, it } from 'vitest';
import type { Order } from '../../schemas/generated/api';
import site from '../../fixtures/site.json' with { type: 'json' };
import { createLocaleCatalog } from '../ssr/messages';
import { orderConfirmationMail } from './order-confirmation';

const catalog = createLocaleCatalog(() => {});
const currencies = site.currencies as { code: string; decimals: number; moneyFormat: string }[];
const usd = (amount: number) => ({ amount, currencyCode: 'USD' });

function order(overrides: Partial<Order> = {}): Order {
  return {
    number: 'VG-10042',
    token: '0123456789abcdef0123456789abcdef',
    createdAt: '2026-05-04T10:00:00.000Z',
    status: 'paid',
    fulfillmentStatus: 'unfulfilled',
    email: 'ana@example.com',
    locale: 'en',
    currencyCode: 'USD',
    itemCount: 3,
    lines: [
      {
        skuId: 1,
        productId: 1,
        title: 'Linen shirt',
        variant: 'Sand / M',
        image: null,
        quantity: 2,
        unitPrice: usd(4500),
        lineTotal: usd(9000),
      },
      {
        skuId: 7,
        productId: 3,
        title: 'Canvas tote',
        variant: '',
        image: null,
        quantity: 1,
        unitPrice: usd(1999),
        lineTotal: usd(1999),
      },
    ],
    totals: {
      totalLineItemsPrice: usd(10999),
      totalPromotion: usd(900),
      totalCoupon: usd(500),
      totalDiscounts: usd(1400),
      subtotalPrice: usd(9599),
      totalShippingPrice: usd(695),
      shippingInsurancePrice: usd(288),
      tipPrice: usd(200),
      totalPrice: usd(10782),
    },
    shippingAddress: {
      firstName: 'Ana',
      lastName: 'Silva',
      country: 'US',
      province: 'CA',
      city: 'San Francisco',
      address1: '1 Market St',
      address2: '',
      zip: '94105',
      phone: '+1 415 555 0100',
    },
    billingAddress: null,
    shippingMethod: 'Standard',
    payment: null,
    trackingNumber: null,
    carrier: null,
    expiresAt: null,
    upsellOrders: [],
    purchaseEventId: null,
    ...overrides,
  };
}

const mailFor = (o: Order) =>
  orderConfirmationMail(o, {
    t: catalog.translatorFor(o.locale),
    shopName: 'Vitrine',
    publicUrl: 'https://shop.example',
    currencies,
  });

describe('orderConfirmationMail', () => {
  it('in English: subject, number, lines, every total, address and links, in text and HTML', () => {
    const mail = mailFor(order());
    expect(mail.subject).toBe('Order VG-10042 confirmed');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('VG-10042');
      expect(part).toContain('Thank you for your order, Ana!');
      expect(part).toContain('Linen shirt');
      expect(part).toContain('Sand / M');
      expect(part).toContain('$90.00');
      expect(part).toContain('$109.99'); // items
      expect(part).toContain('−$14.00'); // discounts
      expect(part).toContain('$95.99'); // subtotal
      expect(part).toContain('$6.95'); // shipping
      expect(part).toContain('$2.88'); // insurance
      expect(part).toContain('$2.00'); // tip
      expect(part).toContain('$107.82'); // total
      expect(part).toContain('1 Market St');
      expect(part).toContain('San Francisco, CA 94105'); // the US order: city, state ZIP
      expect(part).toContain('United States');
      expect(part).toContain('https://shop.example/thankyou/0123456789abcdef0123456789abcdef');
      expect(part).toContain('https://shop.example/track/0123456789abcdef0123456789abcdef');
    }
    expect(mail.text).toContain('Total: $107.82');
    expect(mail.text).toContain('Shipping insurance: $2.88');
    expect(mail.html).toMatch(/^<!doctype html>\n<html lang="en">/);
  });

  it('an offer taken in a funnel: says which order it was added to and that it ships with it', () => {
    const mail = mailFor(order({ number: 'VG-10043', addedTo: 'VG-10042' }));
    expect(mail.subject).toBe('Added to your order VG-10042');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('We have added this to your order VG-10042: it ships with it, at no extra shipping cost.');
      expect(part).toContain('VG-10043');
    }
    expect(mailFor(order({ locale: 'fr', addedTo: 'VG-10042' })).subject).toBe('Ajouté à votre commande VG-10042');
  });

  it('leaves out the rows that are nothing, and says free shipping', () => {
    const o = order();
    const mail = mailFor({
      ...o,
      totals: {
        ...o.totals,
        totalDiscounts: usd(0),
        totalShippingPrice: usd(0),
        shippingInsurancePrice: usd(0),
        tipPrice: usd(0),
      },
    });
    expect(mail.text).toContain('Shipping: Free');
    expect(mail.text).not.toContain('Discounts');
    expect(mail.text).not.toContain('Shipping insurance');
    expect(mail.text).not.toContain('Tip');
  });

  it('in French, with the euro format of the shop', () => {
    const eur = (amount: number) => ({ amount, currencyCode: 'EUR' });
    const o = order({ locale: 'fr', currencyCode: 'EUR' });
    const mail = mailFor({
      ...o,
      lines: o.lines.map((l) => ({ ...l, unitPrice: eur(l.unitPrice.amount), lineTotal: eur(l.lineTotal.amount) })),
      totals: Object.fromEntries(Object.entries(o.totals).map(([k, v]) => [k, eur(v.amount)])) as unknown as Order['totals'],
    });
    expect(mail.subject).toBe('Commande VG-10042 confirmée');
    expect(mail.text).toContain('Merci pour votre commande, Ana !');
    expect(mail.text).toContain('Total : 107,82 €');
    expect(mail.text).toContain('Livraison : 6,95 €');
    expect(mail.text).toContain('États-Unis');
    expect(mail.html).toContain('<html lang="fr">');
    expect(mail.html).toContain('107,82 €');
  });

  it('in Greek', () => {
    const mail = mailFor(order({ locale: 'el' }));
    expect(mail.subject).toBe('Η παραγγελία VG-10042 επιβεβαιώθηκε');
    expect(mail.text).toContain('Σύνολο: $107.82');
    expect(mail.text).toContain('Αριθμός παραγγελίας: VG-10042');
    expect(mail.html).toContain('Διεύθυνση αποστολής');
  });

  it('escapes what the shopper typed in the HTML, and keeps it as typed in the text', () => {
    const o = order();
    const mail = mailFor({
      ...o,
      shippingAddress: { ...o.shippingAddress!, firstName: '<script>alert(1)</script>', address1: '1 "Main" St & <b>Co</b>' },
      lines: [{ ...o.lines[0]!, title: '<img src=x onerror=alert(1)>' }],
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).not.toContain('<b>Co</b>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('1 &quot;Main&quot; St &amp; &lt;b&gt;Co&lt;/b&gt;');
    expect(mail.text).toContain('Thank you for your order, <script>alert(1)</script>!');
  });

  it('formats money in the language’s own way for a currency the shop does not list', () => {
    const mail = orderConfirmationMail(order(), {
      t: catalog.translatorFor('en'),
      shopName: 'Vitrine',
      publicUrl: 'https://shop.example/',
    });
    expect(mail.text).toContain('Total: $107.82');
    expect(mail.text).toContain('https://shop.example/track/');
  });
});
