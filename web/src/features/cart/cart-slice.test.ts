import { configureStore } from '@reduxjs/toolkit';
import type { Product } from '@backoffice/contract';
import { describe, expect, it } from 'vitest';
import {
  addToCart,
  cartReducer,
  clearCart,
  decreaseCart,
  getTotals,
  initialCartState,
  removeFromCart,
  type CartItem,
  type CartState,
} from './cart-slice';

const product = (id: string, price: number): Product => ({
  _id: id,
  name: `Product ${id}`,
  description: '',
  price,
  image: null,
  category: 'Promotions',
  createdAt: '2026-01-01T00:00:00.000Z',
});
const boost = product('p1', 1500);
const badge = product('p2', 750.5);
const empty: CartState = { cartItems: [], cartTotalQuantity: 0, cartTotalAmount: 0 };

function run(...actions: Parameters<typeof cartReducer>[1][]): CartState {
  return actions.reduce(cartReducer, empty);
}
const quantities = (s: CartState) => s.cartItems.map((i) => [i._id, i.userId, i.cartTotalQuantity]);

describe('cart slice (Cart in docs/product.md#states-and-transitions)', () => {
  it('adds a new item with quantity 1, every product field and the userId', () => {
    const s = run(addToCart({ product: boost, userId: 'u1' }));
    expect(s.cartItems).toEqual([{ ...boost, cartTotalQuantity: 1, userId: 'u1' }]);
  });

  it('raises the quantity for the same _id and userId, and keeps users and products apart', () => {
    const s = run(
      addToCart({ product: boost, userId: 'u1' }),
      addToCart({ product: boost, userId: 'u1' }),
      addToCart({ product: boost, userId: 'u2' }),
      addToCart({ product: badge, userId: 'u1' }),
      addToCart({ product: boost, userId: 'u1' }),
    );
    expect(quantities(s)).toEqual([
      ['p1', 'u1', 3],
      ['p1', 'u2', 1],
      ['p2', 'u1', 1],
    ]);
  });

  it('removes only the matching item (same _id and userId)', () => {
    const s = run(
      addToCart({ product: boost, userId: 'u1' }),
      addToCart({ product: boost, userId: 'u2' }),
      addToCart({ product: badge, userId: 'u1' }),
      removeFromCart({ _id: 'p1', userId: 'u1' }),
      removeFromCart({ _id: 'nope', userId: 'u1' }),
    );
    expect(quantities(s)).toEqual([
      ['p1', 'u2', 1],
      ['p2', 'u1', 1],
    ]);
  });

  it('decreases the quantity by 1 when above 1, otherwise removes the item', () => {
    let s = run(
      addToCart({ product: boost, userId: 'u1' }),
      addToCart({ product: boost, userId: 'u1' }),
      addToCart({ product: boost, userId: 'u2' }),
    );
    s = cartReducer(s, decreaseCart({ _id: 'p1', userId: 'u1' }));
    expect(quantities(s)).toEqual([
      ['p1', 'u1', 1],
      ['p1', 'u2', 1],
    ]);
    s = cartReducer(s, decreaseCart({ _id: 'p1', userId: 'u1' }));
    expect(quantities(s)).toEqual([['p1', 'u2', 1]]);
    expect(cartReducer(s, decreaseCart({ _id: 'p1', userId: 'u3' }))).toEqual(s);
  });

  it('clears every item of one user and nobody else', () => {
    const s = run(
      addToCart({ product: boost, userId: 'u1' }),
      addToCart({ product: badge, userId: 'u1' }),
      addToCart({ product: boost, userId: 'u2' }),
      clearCart('u1'),
    );
    expect(quantities(s)).toEqual([['p1', 'u2', 1]]);
  });

  it('computes totals over the given user only: Σ price × quantity and Σ quantity', () => {
    let s = run(
      addToCart({ product: boost, userId: 'u1' }),
      addToCart({ product: boost, userId: 'u1' }),
      addToCart({ product: badge, userId: 'u1' }),
      addToCart({ product: badge, userId: 'u2' }),
    );
    s = cartReducer(s, getTotals('u1'));
    expect([s.cartTotalAmount, s.cartTotalQuantity]).toEqual([3750.5, 3]);
    s = cartReducer(s, getTotals('u2'));
    expect([s.cartTotalAmount, s.cartTotalQuantity]).toEqual([750.5, 1]);
    s = cartReducer(s, getTotals('nobody'));
    expect([s.cartTotalAmount, s.cartTotalQuantity]).toEqual([0, 0]);
    // Cents add up exactly (0.1 + 0.2 is not 0.30000000000000004 here).
    s = run(
      addToCart({ product: product('a', 0.1), userId: 'u' }),
      addToCart({ product: product('b', 0.2), userId: 'u' }),
    );
    expect(cartReducer(s, getTotals('u')).cartTotalAmount).toBe(0.3);
  });

  it('computes the start-up totals with no user over items that have no user', () => {
    const items: CartItem[] = [
      { ...boost, cartTotalQuantity: 2, userId: null },
      { ...badge, cartTotalQuantity: 1, userId: 'u1' },
    ];
    const s = cartReducer({ cartItems: items, cartTotalAmount: 0, cartTotalQuantity: 0 }, getTotals(null));
    expect([s.cartTotalAmount, s.cartTotalQuantity]).toEqual([3000, 2]);
  });

  it('starts from browser storage key cartItems, with totals at 0', () => {
    const stored = [{ ...boost, cartTotalQuantity: 4, userId: 'u1' }];
    localStorage.setItem('cartItems', JSON.stringify(stored));
    expect(initialCartState()).toEqual({ cartItems: stored, cartTotalQuantity: 0, cartTotalAmount: 0 });
    // The slice reads it when a store is created.
    const store = configureStore({ reducer: { cart: cartReducer } });
    expect(store.getState().cart.cartItems).toEqual(stored);
  });

  it('starts empty when cartItems is missing, unreadable or not a list', () => {
    expect(initialCartState().cartItems).toEqual([]);
    localStorage.setItem('cartItems', '{not json');
    expect(initialCartState().cartItems).toEqual([]);
    localStorage.setItem('cartItems', '{"a":1}');
    expect(initialCartState().cartItems).toEqual([]);
  });
});
