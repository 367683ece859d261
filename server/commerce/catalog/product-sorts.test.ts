import { describe, expect, it } from 'vitest';
import api from '../../../schemas/api.schema.json' with { type: 'json' };
import { PRODUCT_SORTS as SHOWN_SORTS } from '../../../renderer/ui/listing/listing-search';
import { PRODUCT_SORTS } from './product-query';

// The eleven sort orders of spec section 2 are named in the API schema, computed by the server and
// offered by the listing's sort menu: the renderer cannot import the server, so the lists are kept
// side by side and this test holds them together.
describe('product sort orders', () => {
  it('are the same in the API schema, the server and the sort menu', () => {
    expect(PRODUCT_SORTS).toHaveLength(11);
    expect(api.$defs.ProductSort.enum).toEqual([...PRODUCT_SORTS]);
    expect(api.$defs.ProductListQuery.properties.sort.enum).toEqual([...PRODUCT_SORTS]);
    expect(SHOWN_SORTS).toEqual([...PRODUCT_SORTS]);
  });
});
