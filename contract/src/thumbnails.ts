import { z } from 'zod';
import type { ImageThumbnails } from './thumbnail-urls';

export * from './thumbnail-urls';

/** The schema of ImageThumbnails (thumbnail-urls.ts holds the zod-free helpers screens load first). */
export const imageThumbnails: z.ZodType<ImageThumbnails> = z.object({ w96: z.string(), w480: z.string() });
