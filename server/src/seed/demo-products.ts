import type { Db } from '../db/client';
import { products } from '../db/schema';
import type { FileStorage } from '../storage/file-storage';
import { demoPhoto } from './png';

/** The shop leftovers' demo products (docs/decisions/0007-dashboard.md): a few marketplace add-ons priced in LKR. */
export const DEMO_PRODUCTS: {
  name: string;
  description: string;
  price: number;
  category: string;
  hue: [number, number, number];
}[] = [
  {
    name: 'Top Ad Boost (7 days)',
    description: 'Keeps an advertisement at the top of its category for a week.',
    price: 1500,
    category: 'Promotions',
    hue: [220, 90, 60],
  },
  {
    name: 'Urgent Badge',
    description: 'A red Urgent badge on an advertisement for 14 days.',
    price: 750,
    category: 'Promotions',
    hue: [200, 50, 70],
  },
  {
    name: 'Bump Up (3 times)',
    description: 'Moves an advertisement back to the top of the list three times.',
    price: 1200,
    category: 'Promotions',
    hue: [90, 120, 220],
  },
  {
    name: 'Professional Photo Shoot - Colombo',
    description: 'A photographer visits your property or vehicle within Colombo district.',
    price: 8500,
    category: 'Services',
    hue: [40, 170, 190],
  },
  {
    name: 'Verified Seller Check',
    description: 'Identity and contact verification shown on every advertisement.',
    price: 2500,
    category: 'Services',
    hue: [86, 160, 72],
  },
];

/** Writes one PNG per product under uploads/products and inserts the products. */
export async function seedProducts(db: Db, storage: FileStorage): Promise<void> {
  const base = Date.UTC(2026, 0, 5, 4, 30);
  const rows = await Promise.all(
    DEMO_PRODUCTS.map(async (p, i) => {
      const key = `products/product-${i + 1}.png`;
      await storage.write(key, demoPhoto(p.hue, i));
      return {
        name: p.name,
        description: p.description,
        price: p.price,
        category: p.category,
        image: `/uploads/${key}`,
        createdAt: new Date(base + i * 60_000),
      };
    }),
  );
  await db.insert(products).values(rows);
}
