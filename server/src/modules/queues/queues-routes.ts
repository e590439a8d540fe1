import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  listImportBody,
  listImportResponse,
  moderationQueueBody,
  moderationQueueParam,
  moderationQueueResponse,
  moderationQueuesResponse,
  type ModerationQueue,
} from '@backoffice/contract';
import { acceptCsvBody, answerImport, readCsvList } from '../../lib/csv-import';
import type { CsvColumn } from '../exports/csv-response';
import { listCsvResponse, sendListCsv } from '../exports/list-csv';
import type { ModuleDeps } from '../module-deps';
import { checkQueueName, type QueuesService } from './queues-service';

const queueColumns: CsvColumn<ModerationQueue>[] = [
  { header: 'name', cell: (q) => q.name },
  { header: 'createdAt', cell: (q) => new Date(q.createdAt) },
];

/** The queue names admins maintain (issue 34.5), with their CSV export and import. */
export const queuesRoutes: FastifyPluginAsyncZod<
  Pick<ModuleDeps, 'clock'> & { queues: QueuesService; timeZone?: string }
> = async (app, { clock, queues, timeZone }) => {
  acceptCsvBody(app);

  app.get('/api/moderation-queues', { schema: { response: { 200: moderationQueuesResponse } } }, async () => ({
    success: true as const,
    queues: await queues.list(),
  }));

  app.post(
    '/api/moderation-queues',
    { schema: { body: moderationQueueBody, response: { 200: moderationQueueResponse } } },
    async (request) => ({
      success: true as const,
      queue: await queues.add(request.body.name, request.session!.user.id),
    }),
  );

  app.delete(
    '/api/moderation-queues/:name',
    { schema: { params: moderationQueueParam, response: { 200: z.object({ success: z.literal(true) }) } } },
    async (request) => {
      await queues.remove(request.params.name, request.session!.user.id);
      return { success: true as const };
    },
  );

  app.get('/api/moderation-queues/export.csv', { schema: { response: listCsvResponse } }, async (request, reply) =>
    sendListCsv(reply, request, {
      name: 'queues',
      columns: queueColumns,
      rows: await queues.list(),
      now: clock(),
      timeZone,
    }),
  );

  app.post(
    '/api/moderation-queues/import',
    {
      schema: {
        consumes: ['text/csv'],
        body: listImportBody,
        response: { 200: listImportResponse },
      },
    },
    async (request, reply) =>
      answerImport(reply, async () => {
        const names = readCsvList(request.body, ['name'], (row) => checkQueueName(row.name));
        return { success: true as const, ...(await queues.importMany(names, request.session!.user.id)) };
      }),
  );
};
