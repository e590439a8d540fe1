import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { recordAudit } from '../../domain/audit-writer';
import type { Db } from '../../db/client';
import { exportFileName, sendCsv, type CsvColumn } from './csv-response';

/** An export of one of the lists admins maintain, described as a CSV download (errors stay JSON). */
export const listCsvResponse = {
  200: {
    description: 'A CSV file (UTF-8 with a BOM, a header row) that the import takes back',
    content: { 'text/csv': { schema: z.string() } },
  },
};

/**
 * Sends a list admins maintain (blocked numbers, risky phrases, queue names; issue 34.5) as a CSV
 * file, written as every export is (csv-response.ts: neutralised cells, times in the marketplace's
 * zone); its import reads the same file back. `personal`: the list holds phone numbers, so the
 * download is an audit entry as the other exports of personal data are
 * (docs/decisions/0018-exports-and-bulk.md).
 */
export function sendListCsv<R>(
  reply: FastifyReply,
  request: FastifyRequest,
  opts: { name: string; columns: CsvColumn<R>[]; rows: R[]; now: Date; timeZone?: string; personal?: { db: Db } },
): Promise<FastifyReply> {
  const { now, personal } = opts;
  const actorId = request.session!.user.id;
  async function* once() {
    yield opts.rows;
  }
  return sendCsv(reply, {
    name: opts.name,
    now,
    columns: opts.columns,
    batches: once(),
    log: request.log,
    timeZone: opts.timeZone,
    onEnd: personal
      ? ({ rows, complete }) =>
          recordAudit(personal.db, {
            entity: 'export',
            entityId: null,
            entityLabel: exportFileName(opts.name, now),
            action: 'exported',
            actorId,
            at: now,
            details: { filters: {}, rows, ...(complete ? {} : { cancelled: true }) },
          })
      : undefined,
  });
}
