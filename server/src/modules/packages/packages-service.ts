import {
  PACKAGE_ICONS,
  packageMessages,
  type Package,
  type PackageBody,
  type PackageListQuery,
} from '@backoffice/contract';
import { changedFields, recordAudit } from '../../domain/audit-writer';
import type { Db } from '../../db/client';
import type { PackageRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { isUniqueViolation } from '../../lib/error-causes';
import { NotFoundError } from '../../lib/errors';
import * as repo from './packages-repository';

/** How often a create is tried again after a pid clash before the error goes up. */
const PID_ATTEMPTS = 5;

/** `PKG-0001`, `PKG-0002`, … (wider past 9999). */
export function formatPid(n: number): string {
  return `PKG-${String(n).padStart(4, '0')}`;
}

export function toPackage(row: PackageRow, subscriberCount: number): Package {
  return {
    _id: row.id,
    pid: row.pid,
    name: row.name,
    type: row.type,
    description: row.description,
    price: Number(row.price),
    duration: row.duration,
    maxAds: row.maxAds,
    features: row.features,
    status: row.status,
    popularity: row.popularity,
    // docs/product.md#entities: a default image per type is sent when the package has none of its own.
    icon: row.icon ?? PACKAGE_ICONS[row.type],
    createdAt: row.createdAt.toISOString(),
    subscriberCount,
  };
}

/** The row values of a validated body; the type's own default icon is stored as null. */
function rowValues(body: PackageBody): repo.PackageValues {
  const { icon, ...rest } = body;
  return { ...rest, icon: icon === null || icon === PACKAGE_ICONS[body.type] ? null : icon };
}

/** The fields an update entry names when their values change. */
const PACKAGE_FIELDS = [
  'name',
  'type',
  'description',
  'price',
  'duration',
  'maxAds',
  'features',
  'status',
  'popularity',
  'icon',
] as const satisfies readonly (keyof PackageRow)[];

const packageEntry = (row: PackageRow) => ({ entity: 'package', entityId: row.id, entityLabel: row.name }) as const;

/** docs/product.md#packages, docs/product.md#calls; docs/decisions/0005-packages-and-duties.md. */
export class PackagesService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** The packages the filters match, and how many there are in all. */
  async list(q: Partial<PackageListQuery> = {}): Promise<{ packages: Package[]; total: number }> {
    const [rows, total] = await Promise.all([repo.listPackages(this.db, q), repo.countPackages(this.db)]);
    return { packages: rows.map((r) => toPackage(r, r.subscriberCount)), total };
  }

  /** A new package with the next free pid; safe when several admins (or servers) create at once. */
  async create(body: PackageBody, actorId: string): Promise<Package> {
    const values = rowValues(body);
    for (let attempt = 1; ; attempt++) {
      try {
        const row = await this.db.transaction(async (tx) => {
          await repo.lockPidSequence(tx);
          const pid = formatPid((await repo.highestPidNumber(tx)) + 1);
          const row = await repo.insertPackage(tx, pid, values, this.clock());
          await recordAudit(tx, { ...packageEntry(row), action: 'created', actorId, at: row.createdAt });
          return row;
        });
        return toPackage(row, 0);
      } catch (err) {
        if (!isUniqueViolation(err, 'packages_pid_idx') || attempt >= PID_ATTEMPTS) throw err;
      }
    }
  }

  async update(id: string, body: PackageBody, actorId: string): Promise<Package> {
    const row = await this.db.transaction(async (tx) => {
      const before = await repo.lockPackage(tx, id);
      if (!before) throw new NotFoundError(packageMessages.notFound);
      const row = (await repo.updatePackage(tx, id, rowValues(body), this.clock()))!;
      const fields = changedFields(before, row, PACKAGE_FIELDS);
      await recordAudit(tx, {
        ...packageEntry(row),
        action: 'updated',
        actorId,
        at: row.updatedAt,
        details: { fields },
      });
      return row;
    });
    const counted = await repo.findPackage(this.db, id);
    return toPackage(row, counted?.subscriberCount ?? 0);
  }

  async delete(id: string, actorId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await repo.deletePackage(tx, id);
      if (!row) throw new NotFoundError(packageMessages.notFound);
      await recordAudit(tx, { ...packageEntry(row), action: 'deleted', actorId, at: this.clock() });
    });
  }
}
