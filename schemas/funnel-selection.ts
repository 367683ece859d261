// The funnel checkout's product choice (spec section 4: "Funnel product selection in radio mode keeps only
// the first matching selected product; if none match, the first is selected (none for radio with no
// preselection)"; section 5: "at least one product must be chosen", "quantity minimum 1"). Pure: the
// block's component and the server's check of a funnel checkout use the same rules.

export type SelectionMode = 'radio' | 'checkbox';

export interface OfferedProduct {
  product: string;
  selected?: boolean;
}

/** Which products (by index) start chosen. */
export function initialSelection(products: readonly OfferedProduct[], mode: SelectionMode, preselect: boolean): number[] {
  if (!products.length) return [];
  if (mode === 'checkbox') return products.flatMap((p, i) => (p.selected ? [i] : []));
  const first = products.findIndex((p) => p.selected);
  if (first !== -1) return [first];
  return preselect ? [0] : [];
}

/** A new choice after the shopper clicks product `index`. */
export function toggle(chosen: readonly number[], index: number, mode: SelectionMode): number[] {
  if (mode === 'radio') return [index];
  return chosen.includes(index) ? chosen.filter((i) => i !== index) : [...chosen, index].sort((a, b) => a - b);
}

export type SelectionProblem = 'funnelProductRequired' | 'funnelOneProduct' | 'quantityMinimum';

/** What is wrong with a choice: nothing chosen, more than one in radio mode, a quantity below 1. */
export function selectionProblem(
  lines: readonly { product: string; quantity: number }[],
  mode: SelectionMode,
): SelectionProblem | null {
  if (!lines.length) return 'funnelProductRequired';
  if (lines.some((l) => !Number.isInteger(l.quantity) || l.quantity < 1)) return 'quantityMinimum';
  if (mode === 'radio' && new Set(lines.map((l) => l.product)).size > 1) return 'funnelOneProduct';
  return null;
}

export const SELECTION_MESSAGES: Record<SelectionProblem, string> = {
  funnelProductRequired: 'at least one product must be chosen',
  funnelOneProduct: 'choose one product',
  quantityMinimum: 'the quantity must be at least 1',
};
