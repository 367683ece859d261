// A real-looking order and its tracking, for the order pages' render tests.
import type { Order, Tracking } from '../../schemas/generated/api';

const usd = (amount: number) => ({ amount, currencyCode: 'USD' });

export const ORDER_TOKEN = '0f1e2d3c4b5a69788796a5b4c3d2e1f0';

export const placedOrder: Order = {
  number: 'VG-10042',
  token: ORDER_TOKEN,
  createdAt: '2026-11-02T15:30:00Z',
  status: 'paid',
  fulfillmentStatus: 'unfulfilled',
  email: 'ada@example.com',
  locale: 'en',
  currencyCode: 'USD',
  itemCount: 3,
  lines: [
    {
      skuId: 11,
      productId: 1,
      title: 'Linen Shirt',
      variant: 'Colour: Sand · Size: M',
      image: 'linen-shirt-sand.webp',
      quantity: 2,
      unitPrice: usd(5900),
      lineTotal: usd(11800),
    },
    {
      skuId: 31,
      productId: 3,
      title: 'Wool Beanie',
      variant: '',
      image: null,
      quantity: 1,
      unitPrice: usd(2400),
      lineTotal: usd(2400),
    },
  ],
  totals: {
    totalLineItemsPrice: usd(14200),
    totalPromotion: usd(1420),
    totalCoupon: usd(1000),
    totalDiscounts: usd(2420),
    subtotalPrice: usd(11780),
    totalShippingPrice: usd(695),
    shippingInsurancePrice: usd(353),
    tipPrice: usd(200),
    totalPrice: usd(13028),
  },
  shippingAddress: {
    firstName: 'Ada',
    lastName: 'Lovelace',
    country: 'US',
    province: 'NY',
    city: 'New York',
    address1: '12 Hudson Street',
    address2: 'Apt 4',
    zip: '10013',
    phone: '+1 212 555 0100',
  },
  billingAddress: {
    firstName: 'Charles',
    lastName: 'Babbage',
    country: 'GB',
    province: '',
    city: 'London',
    address1: '1 Dorset Street',
    address2: '',
    zip: 'W1U 4EG',
    phone: '+44 20 7946 0000',
  },
  shippingMethod: 'Standard (3–5 days)',
  payment: { method: 'card', name: 'Credit card', cardBrand: 'Visa', cardLast4: '4242' },
  trackingNumber: null,
  carrier: null,
  expiresAt: null,
  upsellOrders: [],
  purchaseEventId: 'purchase.5f0c2a9e-7b1d-4c3e-9a8f-1d2e3f4a5b6c',
};

export const shipment: Tracking = {
  orderNumber: 'VG-10001',
  trackingNumber: 'VGTRACK0001',
  carrier: 'Vitrine Post',
  fulfillmentStatus: 'shipped',
  events: [
    { status: 'shipped', description: 'Left the sorting centre', location: 'Newark, NJ', at: '2026-11-04T08:00:00Z' },
    {
      status: 'fulfilled',
      description: 'Packed and handed to the carrier',
      location: 'Brooklyn, NY',
      at: '2026-11-03T17:00:00Z',
    },
  ],
};
