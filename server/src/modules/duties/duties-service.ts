import { dutyMessages, type Duty, type DutyCreateBody, type DutyUpdateBody } from '@backoffice/contract';
import type { Db } from '../../db/client';
import type { DutyRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { AppError, NotFoundError } from '../../lib/errors';
import * as repo from './duties-repository';
import { sanitizeCondition } from './duty-sanitizer';

/** Duty in docs/product.md#entities: `_id` is the row's uuid (used in the paths), `id` the `#D` code. */
export function toDuty(row: DutyRow): Duty {
  return {
    _id: row.id,
    id: row.code,
    title: row.title,
    description: row.description,
    conditions: row.conditions,
    status: row.status,
  };
}

function values(body: DutyUpdateBody): repo.DutyValues {
  return {
    title: body.title,
    description: body.description,
    // docs/decisions/0005-packages-and-duties.md: sanitised when written; the client sanitises again before rendering.
    conditions: body.conditions.map(sanitizeCondition),
    status: body.status,
  };
}

/** docs/product.md#duties, docs/product.md#calls; docs/decisions/0005-packages-and-duties.md. */
export class DutiesService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async list(): Promise<Duty[]> {
    return (await repo.listDuties(this.db)).map(toDuty);
  }

  /** docs/decisions/0005-packages-and-duties.md: the client's code, checked for form (schema) and uniqueness here; a clash is a 409. */
  async create(body: DutyCreateBody): Promise<Duty> {
    const row = await repo.insertDuty(this.db, body.id, values(body), this.clock());
    if (!row) throw new AppError(409, dutyMessages.codeTaken, { id: dutyMessages.codeTaken });
    return toDuty(row);
  }

  async update(id: string, body: DutyUpdateBody): Promise<Duty> {
    const row = await repo.updateDuty(this.db, id, values(body), this.clock());
    if (!row) throw new NotFoundError(dutyMessages.notFound);
    return toDuty(row);
  }

  async delete(id: string): Promise<void> {
    if (!(await repo.deleteDuty(this.db, id))) throw new NotFoundError(dutyMessages.notFound);
  }
}
