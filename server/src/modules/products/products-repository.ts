import { asc } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { products, type ProductRow } from '../../db/schema';

/** The whole (small) product list, oldest first, name breaking ties. */
export function allProducts(db: Executor): Promise<ProductRow[]> {
  return db.select().from(products).orderBy(asc(products.createdAt), asc(products.name), asc(products.id)).limit(1000);
}
