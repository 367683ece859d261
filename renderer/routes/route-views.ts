// Route id -> the source file of its view, which the route loads lazily (its own chunk). The server
// reads this to preload a page's view chunk with the entry, so hydration never waits for it.
export const ROUTE_VIEWS: Record<string, string> = {
  '/collections/$handle': 'renderer/routes/views/CollectionView.tsx',
  '/collections/$collection/products/$handle': 'renderer/routes/views/CollectionProductView.tsx',
  '/products/$handle': 'renderer/routes/views/ProductView.tsx',
  '/search': 'renderer/routes/views/SearchView.tsx',
  '/policies': 'renderer/routes/views/PoliciesView.tsx',
  '/cart': 'renderer/routes/views/CartView.tsx',
  '/cart1': 'renderer/routes/views/CartView.tsx',
  '/checkout': 'renderer/routes/views/checkout/CheckoutStartView.tsx',
  '/checkout/$token': 'renderer/routes/views/checkout/CheckoutTokenView.tsx',
  '/checkout/shipping': 'renderer/routes/views/checkout/ShippingStepView.tsx',
  '/checkout/payment': 'renderer/routes/views/checkout/PaymentStepView.tsx',
  '/cart/checkout': 'renderer/routes/views/checkout/CartCheckoutView.tsx',
  '/thankyou/$handle': 'renderer/routes/views/ThankYouView.tsx',
  '/track': 'renderer/routes/views/TrackView.tsx',
  '/track/$handle': 'renderer/routes/views/TrackView.tsx',
  '/checkout/recover/$key': 'renderer/routes/views/CheckoutRecoverView.tsx',
  '/checkout/recover/$key/stop': 'renderer/routes/views/CheckoutRecoverStopView.tsx',
  '/checkout/soldOut': 'renderer/routes/views/SoldOutView.tsx',
};
