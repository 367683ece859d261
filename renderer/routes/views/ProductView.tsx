import { ProductPage } from '../../ui/product/ProductPage';
import { productRoute } from '../product';

export default function ProductView() {
  const data = productRoute.useLoaderData();
  const { variant } = productRoute.useSearch();
  return <ProductPage key={data.product.handle} data={data} variant={variant} />;
}
