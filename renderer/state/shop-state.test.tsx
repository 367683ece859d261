// @vitest-environment happy-dom
// The header's cart count: a read sent when the page hydrated may be answered after the shopper's first
// add (it counted the cart before it); that older answer must not hide the item just added.
import { act, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { ShopStateProvider, useCartQuantity, useShopActions } from './shop-state';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Seen = { quantity: number | null; actions: ReturnType<typeof useShopActions> };
let seen: Seen | null = null;
const see = (state: Seen) => {
  seen = state;
};
function Probe({ onRender }: { onRender: (state: Seen) => void }) {
  const quantity = useCartQuantity();
  const actions = useShopActions();
  useEffect(() => onRender({ quantity, actions }));
  return null;
}

const container = document.createElement('div');
const root = createRoot(container);
afterEach(() => act(() => root.render(null)));

function mounted() {
  act(() =>
    root.render(
      <ShopStateProvider>
        <Probe onRender={see} />
      </ShopStateProvider>,
    ),
  );
  return () => seen!;
}

describe('the cart count', () => {
  it('keeps an add’s answer over a read asked before the add', () => {
    const state = mounted();
    const asked = state().actions.cartChanges();
    act(() => state().actions.setCartQuantity(1));
    act(() => state().actions.setReadCartQuantity(0, asked));
    expect(state().quantity).toBe(1);
  });

  it('takes a read when nothing changed the cart since it was asked', () => {
    const state = mounted();
    act(() => state().actions.setCartQuantity(2));
    const asked = state().actions.cartChanges();
    act(() => state().actions.setReadCartQuantity(5, asked));
    expect(state().quantity).toBe(5);
  });
});
