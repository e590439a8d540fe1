import { z } from 'zod';

/**
 * The shop leftovers (spec §3 cart item, §4 cart, §7 GET api/products/getproducts; D24). The spec
 * does not show a product's fields; these are the smallest set a cart needs (identity, price).
 */
export const product = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.number().min(0),
  image: z.string().nullable(),
  category: z.string().nullable(),
  createdAt: z.string(),
});
export type Product = z.infer<typeof product>;

export const productsResponse = z.object({ products: z.array(product) });
export type ProductsResponse = z.infer<typeof productsResponse>;

/** Spec §9: cached product query data is kept 60 seconds after its last use. */
export const PRODUCTS_CACHE_SECONDS = 60;
/** Key of the browser storage entry the cart starts from (spec §4). */
export const CART_STORAGE_KEY = 'cartItems';
