import type { AdClaim } from '@backoffice/contract';

/** A live claim as the API shows it, from its row: the claimer's id and display name, its expiry. */
export const toAdClaim = (adminId: string, name: string, expiresAt: Date | string): AdClaim => ({
  by: { _id: adminId, name },
  expiresAt: new Date(expiresAt).toISOString(),
});
