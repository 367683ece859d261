// Checkout calls of spec section 7: starting a checkout (from the cart, or "buy now" of one item) and
// reading it by its token (5009 for none), the ways of shipping to a destination priced for the
// visitor's cart (5007 and the spec's words where there is none), the countries the shop ships to, and
// the tip and shipping insurance on offer.
import { Hono, type Context } from 'hono';
import type {
  Checkout,
  CheckoutToken,
  CheckoutUpdate,
  Country,
  ShippingInsuranceSettings,
  ShippingOption,
  ShippingTemplateQuery,
  StartCheckoutRequest,
  TipSettings,
} from '../../schemas/generated/api';
import { localize } from '../../schemas/localized-text';
import { checkoutLinesOf } from '../commerce/checkout/start-checkout';
import { moneyIn } from '../commerce/pricing/pricing';
import { shippingCountries } from '../commerce/pricing/shipping';
import type { ApiDeps } from './deps';
import { describeRoute } from './describe-route';
import type { Commerce } from '../commerce';
import { ok } from './envelope';
import { requireVisitor } from './request-context';
import { valid, validate } from './validate';

/** The ways of shipping some lines (a checkout's, or a cart's) to a destination, as the shopper reads them. */
export async function shippingOptionViews(
  commerce: Commerce,
  c: Context,
  from: Parameters<Commerce['checkouts']['shippingOptions']>[0],
  destination: { country: string; province?: string },
): Promise<ShippingOption[]> {
  const base = c.get('shopper').baseCurrency;
  const options = await commerce.checkouts.shippingOptions(from, destination, c.get('shopper').locale, base);
  const money = moneyIn(c.get('shopper').currency, base);
  return options.map((o) => ({
    id: o.id,
    name: localize(o.name, c.get('shopper').locale),
    price: money.money(o.price),
    deliveryDays: { min: o.deliveryDays[0], max: o.deliveryDays[1] },
  }));
}

export function checkoutRoutes({ commerce }: ApiDeps) {
  const saveDetails = async (c: Context) =>
    ok<Checkout>(c, await commerce.checkouts.update(valid<CheckoutUpdate>(c, 'json'), c.get('shopper')));
  return (
    new Hono()
      .post(
        '/multicurrency/general/checkout',
        describeRoute({
          summary:
            "Starts a checkout from the cart, or of one item (buy now); a signed-in customer's starts with their email and default address. Answers its token",
          tag: 'Checkout',
          response: 'CheckoutToken',
          caller: 'visitor',
        }),
        validate('json', 'StartCheckoutRequest'),
        async (c) => {
          const { buyNow } = valid<StartCheckoutRequest>(c, 'json');
          const { customer } = c.get('shopper');
          // A signed-in customer's checkout starts with their email and default address.
          const prefill = customer && (await commerce.customers.addresses.checkoutPrefill(customer));
          return ok<CheckoutToken>(
            c,
            await commerce.checkouts.start(
              requireVisitor(c),
              buyNow,
              c.get('shopper').baseCurrency,
              { locale: c.get('shopper').locale, currencyCode: c.get('shopper').currency.code },
              prefill,
            ),
            201,
          );
        },
      )
      // One-page checkout sends everything at once, the multi-step one saves while the shopper types.
      .post(
        '/multicurrency/general/checkout-onepage',
        describeRoute({
          summary: 'Saves contact, addresses, shipping, insurance and tip (each field checked); answers the checkout',
          tag: 'Checkout',
          response: 'Checkout',
          caller: 'anyone',
        }),
        validate('json', 'CheckoutUpdate'),
        saveDetails,
      )
      .post(
        '/multicurrency/asyncPayInfoSave',
        describeRoute({
          summary: 'The same, saved while the shopper types',
          tag: 'Checkout',
          response: 'Checkout',
          caller: 'anyone',
        }),
        validate('json', 'CheckoutUpdate'),
        saveDetails,
      )
      .get(
        '/multicurrency/general/checkout/:token',
        describeRoute({
          summary: 'A checkout, priced anew (5009: no such token)',
          tag: 'Checkout',
          response: 'Checkout',
          caller: 'anyone',
        }),
        async (c) => ok<Checkout>(c, await commerce.checkouts.get(c.req.param('token'), c.get('shopper'))),
      )
      .get(
        '/multicurrency/general/shipping-template',
        describeRoute({
          summary: "Ways of shipping to a destination, priced for the visitor's cart (5007: none)",
          tag: 'Checkout',
          response: 'ShippingOption[]',
          caller: 'anyone',
          visitorWhen: "to price for the visitor's cart (no checkoutToken)",
        }),
        validate('query', 'ShippingTemplateQuery'),
        async (c) => {
          const query = valid<ShippingTemplateQuery>(c, 'query');
          const base = c.get('shopper').baseCurrency;
          const destination = { country: query.countryCode, ...(query.provinceCode ? { province: query.provinceCode } : {}) };
          // Priced for the checkout being paid for (buy now is not the cart), else for the visitor's cart.
          const from = query.checkoutToken
            ? { checkoutToken: query.checkoutToken }
            : await commerce.carts.get(requireVisitor(c), { ...c.get('shopper'), currency: base }).then((cart) => ({
                lines: checkoutLinesOf(cart),
                coupon: cart.coupon?.code ?? null,
              }));
          return ok<ShippingOption[]>(c, await shippingOptionViews(commerce, c, from, destination));
        },
      )
      .get(
        '/shipping-template/country',
        describeRoute({ summary: 'Countries the shop ships to', tag: 'Checkout', response: 'Country[]', caller: 'anyone' }),
        async (c) => {
          const served = new Set(shippingCountries((await commerce.reference.checkout()).shippingTemplates));
          const countries = await commerce.reference.countries(c.get('shopper').locale);
          return ok<Country[]>(
            c,
            countries.filter((country) => served.has(country.code)),
          );
        },
      )
      .get(
        '/multicurrency/additional/tip',
        describeRoute({ summary: 'The tip on offer', tag: 'Checkout', response: 'TipSettings', caller: 'anyone' }),
        async (c) => {
          const { tip } = await commerce.reference.checkout();
          const money = moneyIn(c.get('shopper').currency, c.get('shopper').baseCurrency);
          return ok<TipSettings>(c, { enabled: tip.enabled, max: money.money(tip.max), presets: tip.presets });
        },
      )
      .get(
        '/multicurrency/additional/shippingInsurance',
        describeRoute({
          summary: 'The shipping insurance on offer',
          tag: 'Checkout',
          response: 'ShippingInsuranceSettings',
          caller: 'anyone',
        }),
        async (c) => ok<ShippingInsuranceSettings>(c, (await commerce.reference.checkout()).shippingInsurance),
      )
  );
}
