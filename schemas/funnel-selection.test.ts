import { describe, expect, it } from 'vitest';
import { initialSelection, selectionProblem, toggle } from './funnel-selection';

const products = (...selected: boolean[]) => selected.map((s, i) => ({ product: `p${i}`, selected: s }));

describe('funnel checkout product selection', () => {
  it('radio mode keeps only the first product marked selected', () => {
    expect(initialSelection(products(false, true, true), 'radio', true)).toEqual([1]);
  });
  it('radio mode selects the first product when none is marked', () => {
    expect(initialSelection(products(false, false), 'radio', true)).toEqual([0]);
  });
  it('radio mode without preselection starts with nothing chosen', () => {
    expect(initialSelection(products(false, false), 'radio', false)).toEqual([]);
  });
  it('checkbox mode keeps every product marked selected, and may start empty', () => {
    expect(initialSelection(products(true, false, true), 'checkbox', true)).toEqual([0, 2]);
    expect(initialSelection(products(false, false), 'checkbox', true)).toEqual([]);
  });
  it('a click replaces the choice in radio mode and toggles it in checkbox mode', () => {
    expect(toggle([0], 2, 'radio')).toEqual([2]);
    expect(toggle([0], 2, 'checkbox')).toEqual([0, 2]);
    expect(toggle([0, 2], 0, 'checkbox')).toEqual([2]);
  });
  it('refuses an empty choice, two products in radio mode and a quantity below 1', () => {
    expect(selectionProblem([], 'checkbox')).toBe('funnelProductRequired');
    expect(
      selectionProblem(
        [
          { product: 'a', quantity: 1 },
          { product: 'b', quantity: 1 },
        ],
        'radio',
      ),
    ).toBe('funnelOneProduct');
    expect(
      selectionProblem(
        [
          { product: 'a', quantity: 1 },
          { product: 'b', quantity: 1 },
        ],
        'checkbox',
      ),
    ).toBeNull();
    expect(selectionProblem([{ product: 'a', quantity: 0 }], 'checkbox')).toBe('quantityMinimum');
  });
});
