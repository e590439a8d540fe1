import type { Db } from '../db/client';
import type { FileStorage } from '../storage/file-storage';

/** Demo data for this area (to be built; see the issue). */
export async function seedPackages(_db: Db, _storage: FileStorage): Promise<void> {}
