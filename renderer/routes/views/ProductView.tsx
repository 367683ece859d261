import { getRouteApi, useRouter } from '@tanstack/react-router';
import { KeptFrame } from '../../ui/frames';
import { ProductPage } from '../../ui/product/ProductPage';

const productRoute = getRouteApi('/products/$handle');

export default function ProductView() {
  const data = productRoute.useLoaderData();
  const { variant } = productRoute.useSearch();
  return (
    <KeptFrame kept={useRouter().options.context.keptView?.(data)}>
      <ProductPage key={data.product.handle} data={data} variant={variant} />
    </KeptFrame>
  );
}
