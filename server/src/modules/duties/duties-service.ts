import {
  dutyMessages,
  isBlankCondition,
  type Duty,
  type DutyCreateBody,
  type DutyListQuery,
  type DutyUpdateBody,
} from '@backoffice/contract';
import { changedFields, recordAudit } from '../../domain/audit-writer';
import type { Db } from '../../db/client';
import type { DutyRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { AppError, NotFoundError, ValidationError } from '../../lib/errors';
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
  // docs/decisions/0005-packages-and-duties.md: sanitised when written; the client sanitises again before rendering.
  const conditions = body.conditions.map(sanitizeCondition);
  // Markup that sanitising empties (`<iframe></iframe>`) leaves as blank a condition as an empty one.
  const blank = conditions.findIndex(isBlankCondition);
  if (blank >= 0)
    throw new ValidationError(dutyMessages.conditionBlank, { [`conditions.${blank}`]: dutyMessages.conditionBlank });
  return { title: body.title, description: body.description, conditions, status: body.status };
}

const DUTY_FIELDS = ['title', 'description', 'conditions', 'status'] as const satisfies readonly (keyof DutyRow)[];

/** A duty is named by its code and title in the activity log. */
const dutyEntry = (row: DutyRow) =>
  ({ entity: 'duty', entityId: row.id, entityLabel: `${row.code} ${row.title}` }) as const;

/** docs/product.md#duties, docs/product.md#calls; docs/decisions/0005-packages-and-duties.md. */
export class DutiesService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async list(q: Partial<DutyListQuery> = {}): Promise<Duty[]> {
    return (await repo.listDuties(this.db, q)).map(toDuty);
  }

  /** docs/decisions/0005-packages-and-duties.md: the client's code, checked for form (schema) and uniqueness here; a clash is a 409. */
  async create(body: DutyCreateBody, actorId: string): Promise<Duty> {
    const row = await this.db.transaction(async (tx) => {
      const row = await repo.insertDuty(tx, body.id, values(body), this.clock());
      if (!row) throw new AppError(409, dutyMessages.codeTaken, { id: dutyMessages.codeTaken });
      await recordAudit(tx, { ...dutyEntry(row), action: 'created', actorId, at: this.clock() });
      return row;
    });
    return toDuty(row);
  }

  async update(id: string, body: DutyUpdateBody, actorId: string): Promise<Duty> {
    const row = await this.db.transaction(async (tx) => {
      const before = await repo.lockDuty(tx, id);
      if (!before) throw new NotFoundError(dutyMessages.notFound);
      const row = (await repo.updateDuty(tx, id, values(body), this.clock()))!;
      const fields = changedFields(before, row, DUTY_FIELDS);
      await recordAudit(tx, { ...dutyEntry(row), action: 'updated', actorId, at: this.clock(), details: { fields } });
      return row;
    });
    return toDuty(row);
  }

  async delete(id: string, actorId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await repo.deleteDuty(tx, id);
      if (!row) throw new NotFoundError(dutyMessages.notFound);
      await recordAudit(tx, { ...dutyEntry(row), action: 'deleted', actorId, at: this.clock() });
    });
  }
}
