// A checkout as the API answers it, for the checkout's tests (render and unit).
import type { Checkout, Country } from '../../schemas/generated/api';
import type { CheckoutData } from '../../renderer/state/checkout-store';

const usd = (amount: number) => ({ amount, currencyCode: 'USD' });

export const US: Country = {
  code: 'US',
  name: 'United States',
  phonePrefix: '1',
  zip: { required: true, pattern: '^\\d{5}(-\\d{4})?$', example: '94103' },
  hasProvinces: true,
};
export const FR: Country = {
  code: 'FR',
  name: 'France',
  phonePrefix: '33',
  zip: { required: true, pattern: '^\\d{5}$', example: '75001' },
  hasProvinces: false,
};

export const shippingAddress = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  country: 'US',
  province: 'CA',
  city: 'San Francisco',
  address1: '1 Market Street',
  address2: '',
  zip: '94103',
  phone: '+1 415 555 0100',
};

export function checkoutFixture(overrides: Partial<Checkout> = {}): Checkout {
  return {
    token: '0123456789abcdef0123456789abcdef',
    status: 'open',
    buyNow: false,
    lines: [
      {
        skuId: 11,
        productId: 1,
        handle: 'linen-shirt',
        title: 'Linen Shirt',
        options: [{ name: 'Colour', value: 'Sand' }],
        image: { src: '/media/linen-shirt.jpg', alt: '', width: 800, height: 800 },
        quantity: 2,
        unitPrice: usd(4500),
        lineTotal: usd(9000),
        discount: usd(450),
        discountedTotal: usd(8550),
        gift: false,
      },
    ],
    totals: {
      totalLineItemsPrice: usd(9000),
      totalPromotion: usd(450),
      totalCoupon: usd(0),
      totalDiscounts: usd(450),
      subtotalPrice: usd(8550),
      totalShippingPrice: usd(0),
      totalPrice: usd(8550),
      shippingInsurancePrice: usd(0),
      tipPrice: usd(0),
    },
    email: null,
    acceptsMarketing: false,
    asShippingAddress: true,
    shippingTemplateId: null,
    insurance: false,
    coupon: null,
    shippingAddress: null,
    billingAddress: null,
    tip: 0,
    shippingTemplateName: null,
    orderToken: null,
    ...overrides,
  };
}

export function checkoutData(overrides: Partial<Checkout> = {}): CheckoutData {
  return {
    checkout: checkoutFixture(overrides),
    countries: [US, FR],
    methods: [
      { code: 'card', provider: 'test-card', name: 'Card', type: 'CARD', defaulted: true, normalTag: true, funnelTag: true },
    ],
    tip: { enabled: true, max: usd(10000), presets: [0, 5, 10, 15] },
    insurance: { enabled: true, percentage: 3 },
  };
}
