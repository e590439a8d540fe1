import { z } from 'zod';

export const adStats = z.object({
  approved: z.number().int(),
  pending: z.number().int(),
  rejected: z.number().int(),
});
export type AdStats = z.infer<typeof adStats>;

/** The advertiser/admin user as it leaves the server (spec §3). Never holds the password hash. */
export const publicUser = z.object({
  _id: z.string(),
  username: z.string(),
  name: z.string().nullable(),
  email: z.string(),
  mobile: z.string().nullable(),
  mobile2: z.string().nullable(),
  whatsapp: z.string().nullable(),
  profilePicture: z.string().nullable(),
  isAdmin: z.boolean(),
  isVerified: z.boolean(),
  createdAt: z.string(),
  joinDate: z.string().nullable(),
});
export type PublicUser = z.infer<typeof publicUser>;

export const uuidParam = z.object({ id: z.uuid({ error: 'Invalid id' }) });
