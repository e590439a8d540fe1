import { adImageUrl, bannerImageUrl, type Advertisement } from '@backoffice/contract';
import type { activityBatches } from '../../db/audit-repository';
import type { UsersService } from '../users/users-service';
import type { CsvColumn } from './csv-response';
import type * as repo from './exports-repository';

/** A row of the batches `F` yields. */
export type Row<F extends (...args: never[]) => AsyncGenerator<unknown[]>> =
  ReturnType<F> extends AsyncGenerator<Array<infer R>> ? R : never;

/** An instant the list gives as ISO text, as a Date: the file writes every time in the marketplace's zone. */
const instant = (iso: string | null) => (iso === null ? null : new Date(iso));

/**
 * The ads' columns: every field of the advertisement as the list gives it; images in one form,
 * the path this server serves them under (`/uploads/ads/…`), however each was stored.
 */
export const adColumns: CsvColumn<Advertisement>[] = [
  { header: 'id', cell: (a) => a._id },
  { header: 'heading', cell: (a) => a.heading },
  { header: 'title', cell: (a) => a.title },
  { header: 'details', cell: (a) => a.details },
  { header: 'username', cell: (a) => a.username },
  { header: 'userId', cell: (a) => a.userId },
  { header: 'phone1', cell: (a) => a.phone1 },
  { header: 'category', cell: (a) => a.category },
  { header: 'district', cell: (a) => a.district },
  { header: 'status', cell: (a) => a.status },
  { header: 'rejectionReason', cell: (a) => a.rejectionReason },
  { header: 'images', cell: (a) => a.images.map(adImageUrl).join(' ') },
  { header: 'postingDate', cell: (a) => instant(a.postingDate) },
  { header: 'adType', cell: (a) => a.adType },
  { header: 'moderatedAt', cell: (a) => instant(a.moderatedAt) },
  { header: 'moderatedBy', cell: (a) => a.moderatedBy },
];

type ActivityRow = Row<typeof activityBatches>;

/**
 * A refused sign-in holds the address someone typed, unchecked: the entry's label when no account
 * has it, and `details.email`. In the file it is only `attemptedEmail`, never in a column that
 * names a user (`entityLabel` stays empty unless an account was found) nor inside `details`
 * (0018, "CSV injection and export audit").
 */
const typedAddress = (e: ActivityRow) => e.action === 'sign_in_failed';

function activityDetails(e: ActivityRow): string | null {
  if (!e.details) return null;
  const { email: _typed, ...rest } = e.details;
  const details = typedAddress(e) ? rest : e.details;
  return Object.keys(details).length ? JSON.stringify(details) : null;
}

export const activityColumns: CsvColumn<ActivityRow>[] = [
  { header: 'id', cell: (e) => e.id },
  { header: 'at', cell: (e) => new Date(e.at) },
  { header: 'entity', cell: (e) => e.entity },
  { header: 'entityId', cell: (e) => e.entity_id },
  { header: 'entityLabel', cell: (e) => (typedAddress(e) && !e.entity_id ? null : e.entity_label) },
  { header: 'action', cell: (e) => e.action },
  { header: 'actorId', cell: (e) => e.actor_id },
  { header: 'actor', cell: (e) => e.actor_name },
  { header: 'rejectionReason', cell: (e) => e.rejection_reason },
  { header: 'details', cell: activityDetails },
  {
    header: 'attemptedEmail',
    cell: (e) => (typedAddress(e) ? (e.details?.email ?? (e.entity_id ? null : e.entity_label)) : null),
  },
];

export const userColumns: CsvColumn<Row<UsersService['exportBatches']>>[] = [
  { header: 'id', cell: (u) => u.id },
  { header: 'username', cell: (u) => u.username },
  { header: 'name', cell: (u) => u.name },
  { header: 'email', cell: (u) => u.email },
  { header: 'mobile', cell: (u) => u.mobile },
  { header: 'verified', cell: (u) => u.isVerified },
  { header: 'approvedAds', cell: (u) => u.approved },
  { header: 'pendingAds', cell: (u) => u.pending },
  { header: 'rejectedAds', cell: (u) => u.rejected },
  { header: 'joinDate', cell: (u) => u.joinDate },
  { header: 'createdAt', cell: (u) => u.createdAt },
];

export const packageColumns: CsvColumn<Row<typeof repo.packageBatches>>[] = [
  { header: 'id', cell: (p) => p.pid },
  { header: 'name', cell: (p) => p.name },
  { header: 'type', cell: (p) => p.type },
  { header: 'description', cell: (p) => p.description },
  { header: 'price', cell: (p) => p.price },
  { header: 'duration', cell: (p) => p.duration },
  { header: 'maxAds', cell: (p) => p.maxAds },
  { header: 'features', cell: (p) => p.features.join('; ') },
  { header: 'status', cell: (p) => p.status },
  { header: 'popularity', cell: (p) => p.popularity },
  { header: 'createdAt', cell: (p) => p.createdAt },
  { header: 'updatedAt', cell: (p) => p.updatedAt },
];

export const bannerColumns: CsvColumn<Row<typeof repo.bannerBatches>>[] = [
  { header: 'id', cell: (b) => b.id },
  { header: 'name', cell: (b) => b.name },
  { header: 'description', cell: (b) => b.description },
  { header: 'placement', cell: (b) => b.placement },
  { header: 'startDate', cell: (b) => b.startDate },
  { header: 'endDate', cell: (b) => b.endDate },
  { header: 'status', cell: (b) => b.status },
  { header: 'views', cell: (b) => b.views },
  { header: 'image', cell: (b) => bannerImageUrl(b.image) },
  { header: 'createdAt', cell: (b) => b.createdAt },
];

export const dutyColumns: CsvColumn<Row<typeof repo.dutyBatches>>[] = [
  { header: 'id', cell: (d) => d.code },
  { header: 'title', cell: (d) => d.title },
  { header: 'description', cell: (d) => d.description },
  { header: 'conditions', cell: (d) => d.conditions.join('\n') },
  { header: 'status', cell: (d) => d.status },
  { header: 'createdAt', cell: (d) => d.createdAt },
  { header: 'updatedAt', cell: (d) => d.updatedAt },
];
