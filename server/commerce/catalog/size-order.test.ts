import { describe, expect, it } from 'vitest';
import { inSizeOrder } from './size-order';

const order = (codes: string[]) => inSizeOrder(codes, (c) => c);

describe('option values in size order', () => {
  it('puts letter sizes from the smallest, whichever product listed them first', () => {
    expect(order(['s', 'm', 'l', 'xl', 'xs'])).toEqual(['xs', 's', 'm', 'l', 'xl']);
    expect(order(['xxl', 'm', '3xl', 'xxs', 'l', 'xs', 'xl', 's'])).toEqual(['xxs', 'xs', 's', 'm', 'l', 'xl', 'xxl', '3xl']);
    expect(order(['XL', 'S', 'M'])).toEqual(['S', 'M', 'XL']);
  });

  it('orders numeric sizes by value, not as text', () => {
    expect(order(['40', '38', '9', '100'])).toEqual(['9', '38', '40', '100']);
    expect(order(['36', '28', '30.5', '30'])).toEqual(['28', '30', '30.5', '36']);
    expect(order(['350ml', '250ml', '1000ml'])).toEqual(['250ml', '350ml', '1000ml']);
  });

  it('orders ranges by their first size', () => {
    expect(order(['l-xl', 's-m'])).toEqual(['s-m', 'l-xl']);
  });

  it('keeps values that are not sizes where the merchant put them', () => {
    expect(order(['sand', 'sage', 'chalk'])).toEqual(['sand', 'sage', 'chalk']);
    expect(order(['ms', 'ls'])).toEqual(['ms', 'ls']);
    expect(order(['xl', 'bath', 's', 'hand', 'm'])).toEqual(['s', 'bath', 'm', 'hand', 'xl']);
  });

  it('sorts any value by the code it is given', () => {
    const values = [{ code: 'xl' }, { code: 'xs' }, { code: 'm' }];
    expect(inSizeOrder(values, (v) => v.code).map((v) => v.code)).toEqual(['xs', 'm', 'xl']);
  });
});
