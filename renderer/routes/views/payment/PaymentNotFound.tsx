// An order the payment pages cannot find (a mistyped or old link, `/payment/missing`): spec "order does
// not exist", with the way on (home, tracking by number). Other unknown payment addresses are the shop's
// own 404 page. Loads with the route (the server answers 404 with it).
import { NotFoundPage } from '../../errors';
import { OrderMissing } from '../../../ui/payment/OrderMissing';

/** `data`: what the loader's notFound() carried (NotFoundRouteProps' own type would make the route tree circular). */
export function PaymentNotFound({ data }: { data?: unknown }) {
  const missingOrder = Boolean(data && typeof data === 'object' && 'missingOrder' in data);
  return missingOrder ? <OrderMissing /> : <NotFoundPage />;
}
