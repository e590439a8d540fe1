import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { CART_STORAGE_KEY, type Product } from '@backoffice/contract';

/** Cart item in docs/product.md#entities: the product's fields plus its quantity and the user it belongs to. */
export type CartItem = Product & { cartTotalQuantity: number; userId: string | null };

export interface CartState {
  cartItems: CartItem[];
  cartTotalQuantity: number;
  cartTotalAmount: number;
}

type ItemKey = { _id: string; userId: string | null };
const same = (a: ItemKey, b: ItemKey) => a._id === b._id && a.userId === b.userId;

/**
 * docs/product.md#states-and-transitions: the cart starts from browser storage key `cartItems` (anything unreadable counts as
 * empty); totals start at 0. Read when the store is created, not when this module loads.
 */
export function initialCartState(): CartState {
  let cartItems: CartItem[] = [];
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY) ?? '[]');
    if (Array.isArray(stored)) cartItems = stored as CartItem[];
  } catch {
    // Unreadable storage: an empty cart.
  }
  return { cartItems, cartTotalQuantity: 0, cartTotalAmount: 0 };
}

/** The rules of docs/product.md#states-and-transitions (Cart). Items are one per (product _id, userId). */
export const cartSlice = createSlice({
  name: 'cart',
  initialState: initialCartState,
  reducers: {
    /** Same _id and userId: quantity + 1; else a new item with quantity 1 and the userId. */
    addToCart(state, action: PayloadAction<{ product: Product; userId: string | null }>) {
      const { product, userId } = action.payload;
      const item = state.cartItems.find((i) => same(i, { _id: product._id, userId }));
      if (item) item.cartTotalQuantity += 1;
      else state.cartItems.push({ ...product, cartTotalQuantity: 1, userId });
    },
    /** Deletes the matching item. */
    removeFromCart(state, action: PayloadAction<ItemKey>) {
      state.cartItems = state.cartItems.filter((i) => !same(i, action.payload));
    },
    /** Quantity − 1 when above 1, otherwise the item goes. */
    decreaseCart(state, action: PayloadAction<ItemKey>) {
      const item = state.cartItems.find((i) => same(i, action.payload));
      if (!item) return;
      if (item.cartTotalQuantity > 1) item.cartTotalQuantity -= 1;
      else state.cartItems = state.cartItems.filter((i) => i !== item);
    },
    /** Removes every item of one user. */
    clearCart(state, action: PayloadAction<string | null>) {
      state.cartItems = state.cartItems.filter((i) => i.userId !== action.payload);
    },
    /** Totals over the given user's items only: amount = Σ price × quantity, quantity = Σ quantity. */
    getTotals(state, action: PayloadAction<string | null | undefined>) {
      const userId = action.payload ?? null;
      let amount = 0;
      let quantity = 0;
      for (const item of state.cartItems) {
        if ((item.userId ?? null) !== userId) continue;
        amount += Number(item.price) * item.cartTotalQuantity;
        quantity += item.cartTotalQuantity;
      }
      // Prices are LKR with cents: keep the sum free of binary floating-point noise.
      state.cartTotalAmount = Math.round(amount * 100) / 100;
      state.cartTotalQuantity = quantity;
    },
  },
});

export const { addToCart, removeFromCart, decreaseCart, clearCart, getTotals } = cartSlice.actions;
export const cartReducer = cartSlice.reducer;
