import { getRouteApi, useRouter } from '@tanstack/react-router';
import { CachedFrame } from '../../ui/frames';
import { ProductPage } from '../../ui/product/ProductPage';

const productRoute = getRouteApi('/products/$handle');

export default function ProductView() {
  const data = productRoute.useLoaderData();
  const { variant } = productRoute.useSearch();
  return (
    <CachedFrame cached={useRouter().options.context.renderCache?.view(data)}>
      <ProductPage key={data.product.handle} data={data} variant={variant} />
    </CachedFrame>
  );
}
