import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { productsResponse, type Product } from '@backoffice/contract';
import type { ProductRow } from '../../db/schema';
import type { ModuleDeps } from '../module-deps';
import { allProducts } from './products-repository';

export function toProduct(row: ProductRow): Product {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    price: Number(row.price),
    image: row.image,
    category: row.category,
    createdAt: row.createdAt.toISOString(),
  };
}

/** docs/product.md#calls GET api/products/getproducts, served by this server (docs/decisions/0007-dashboard.md), answering `{ products }`. */
export const productsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db }) => {
  app.get(
    '/api/products/getproducts',
    { schema: { querystring: z.strictObject({}), response: { 200: productsResponse } } },
    async () => ({ products: (await allProducts(db)).map(toProduct) }),
  );
};
