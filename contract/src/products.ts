import { z } from 'zod';

export * from './products-constants';

/**
 * The shop leftovers (cart item in docs/product.md#entities, cart in docs/product.md#states-and-transitions, docs/product.md#calls GET api/products/getproducts; docs/decisions/0007-dashboard.md). The spec
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
