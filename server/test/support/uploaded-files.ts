import fs from 'node:fs';
import path from 'node:path';

/** Every file under a folder (temporary ones included), as `/`-separated paths relative to it, sorted. */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

/** Every file under a data folder's uploads/, as storage keys: "nothing written" is equality. */
export const uploadedFiles = (dataDir: string): string[] => filesUnder(path.join(dataDir, 'uploads'));
