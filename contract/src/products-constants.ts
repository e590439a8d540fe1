// Kept apart from the schemas (products.ts) so that the app's first screen loads no part of zod.

/** docs/product.md#business-constants: cached product query data is kept 60 seconds after its last use. */
export const PRODUCTS_CACHE_SECONDS = 60;
/** Key of the browser storage entry the cart starts from (docs/product.md#states-and-transitions). */
export const CART_STORAGE_KEY = 'cartItems';
