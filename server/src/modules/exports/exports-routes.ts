import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activityExportQuery,
  adExportQuery,
  DEFAULT_MARKETPLACE_TIME_ZONE,
  dataExtractCountResponse,
  dataExtractParams,
  dataExtractQuery,
  exportText,
  DATA_EXTRACT_PERMISSIONS,
  userExportQuery,
  type DataExtractDataset,
} from '@backoffice/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { recordAudit } from '../../domain/audit-writer';
import { activityBatches, type ActivityFilter, countActivity } from '../../db/audit-repository';
import type { Db } from '../../db/client';
import type { RequestOrder } from '../../db/request-order';
import type { InteractiveLoad } from '../../lib/interactive-load';
import { ValidationError } from '../../lib/errors';
import { toAdvertisement, type AdsService } from '../ads/ads-service';
import type { UsersService } from '../users/users-service';
import { localMidnight } from '../../domain/calendar';
import type { ModuleDeps } from '../module-deps';
import { exportFileName, sendCsv, type CsvColumn } from './csv-response';
import { activityColumns, adColumns, bannerColumns, dutyColumns, packageColumns, userColumns } from './export-columns';
import * as repo from './exports-repository';
import { categoryScope, requirePermission } from '../access/access-guard';

/** The Data Extract's activity dataset: its date range and a search on the entries' labels. */
const activityExtractQuery = z.strictObject({
  format: dataExtractQuery.shape.format,
  q: dataExtractQuery.shape.q,
  from: dataExtractQuery.shape.from,
  to: dataExtractQuery.shape.to,
});

/** The batches of `source`, each row mapped once (returning this returns `source`). */
async function* mapBatches<A, B>(source: AsyncGenerator<A[]>, map: (row: A) => B): AsyncGenerator<B[]> {
  for await (const batch of source) yield batch.map(map);
}

/** `from`/`to` calendar days in the marketplace's zone, both included, as an instant range. */
function dayRange(
  q: { from?: string; to?: string },
  timeZone: string = DEFAULT_MARKETPLACE_TIME_ZONE,
): { from: Date | undefined; to: Date | undefined } {
  if (q.from && q.to && q.from > q.to)
    throw new ValidationError(exportText.rangeReversed, { to: exportText.rangeReversed });
  const start = (day: string, plus: number) => {
    const [y, m, d] = day.split('-').map(Number) as [number, number, number];
    return localMidnight(y, m, d + plus, timeZone);
  };
  return { from: q.from ? start(q.from, 0) : undefined, to: q.to ? start(q.to, 1) : undefined };
}

/** The Data Extract's filters of packages, banner ads and duties. */
const catalogueQuery = z.strictObject({
  format: dataExtractQuery.shape.format,
  status: z.enum(['all', 'Active', 'Inactive']).default('all'),
  q: dataExtractQuery.shape.q,
  from: dataExtractQuery.shape.from,
  to: dataExtractQuery.shape.to,
});

/** Checks a Data Extract query against its dataset's own filters: a filter it does not have is a 400. */
function parse<T extends z.ZodType>(schema: T, query: unknown): z.output<T> {
  const parsed = schema.safeParse(query);
  if (parsed.success) return parsed.data;
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.') || ('keys' in issue ? String((issue.keys as string[])[0]) : '_');
    errors[key] ??= issue.message;
  }
  throw new ValidationError(parsed.error.issues[0]!.message, errors);
}

/**
 * CSV exports (docs/decisions/0018-exports-and-bulk.md): the ads directory's and User Management's
 * current filters, and the Data Extract's datasets, each streamed in keyset batches. Counts and rows
 * are read `from` the request's reader (the replica when fresh enough, docs/decisions/0037-read-replica.md);
 * the audit entry of an export is written on the primary.
 */
export const exportsRoutes: FastifyPluginAsyncZod<
  Pick<ModuleDeps, 'db' | 'reader' | 'clock'> & {
    ads: AdsService;
    users: UsersService;
    batchSize: number;
    requestOrder?: RequestOrder;
    interactiveLoad?: InteractiveLoad;
    timeZone?: string;
  }
> = async (app, { db, reader, clock, ads, users, batchSize, requestOrder, interactiveLoad, timeZone }) => {
  const pacing = { order: requestOrder, load: interactiveLoad, timeZone };
  type Job = { count(): Promise<number>; send(reply: FastifyReply, request: FastifyRequest): Promise<FastifyReply> };

  /**
   * A dataset's count and download. `personal`: the filters of an export holding names, emails or
   * phone numbers; such an export is an audit entry when it ends, with its filters, the rows written
   * and whether it stopped early (0018, "CSV injection and export audit").
   */
  const csvJob = <R>(spec: {
    name: string;
    columns: CsvColumn<R>[];
    count: () => Promise<number>;
    batches: () => AsyncGenerator<R[]>;
    personal?: Record<string, unknown>;
  }): Job => ({
    count: spec.count,
    send: (reply, request) => {
      const now = clock();
      const actorId = request.session!.user.id;
      const filters = spec.personal && filterText(spec.personal);
      return sendCsv(reply, {
        ...pacing,
        name: spec.name,
        now,
        columns: spec.columns,
        batches: spec.batches(),
        log: request.log,
        onEnd: filters
          ? ({ rows, complete }) =>
              recordAudit(db, {
                entity: 'export',
                entityId: null,
                entityLabel: exportFileName(spec.name, now),
                action: 'exported',
                actorId,
                at: now,
                details: { filters, rows, ...(complete ? {} : { cancelled: true }) },
              })
          : undefined,
      });
    },
  });

  /**
   * `adminId`: who asks, for the views that depend on it (My claims) and on the clock (Overdue);
   * `categories`: a scoped moderator's (docs/decisions/0033-roles.md), null for every category.
   */
  const adsJob = (query: unknown, name: string, request: FastifyRequest): Job => {
    const q = parse(adExportQuery, query);
    const viewer = { adminId: request.session!.user.id, now: clock(), timeZone };
    const f = { ...q, ...dayRange(q, timeZone), viewer, categories: categoryScope(request) };
    const from = reader(request);
    return csvJob({
      name,
      columns: adColumns,
      count: () => ads.countInRange(f, from),
      batches: () => mapBatches(ads.exportBatches(f, batchSize, from), toAdvertisement),
      personal: q,
    });
  };
  const usersJob = (query: unknown, name: string, from: Db): Job => {
    const q = parse(userExportQuery, query);
    const f = { q: q.q, status: q.status, ...dayRange(q, timeZone) };
    return csvJob({
      name,
      columns: userColumns,
      count: () => users.countForExport(f, from),
      batches: () => users.exportBatches(f, batchSize, from),
      personal: q,
    });
  };
  const activityJob = (query: unknown, name: string, from: Db, schema: z.ZodType = activityExtractQuery): Job => {
    const q = parse(schema, query) as z.output<typeof activityExportQuery>;
    const f: ActivityFilter = { ...q, decisions: q.decisions === 'true', ...dayRange(q, timeZone) };
    return csvJob({
      name,
      columns: activityColumns,
      count: () => countActivity(from, f),
      batches: () => activityBatches(from, f, batchSize),
      personal: q,
    });
  };

  function job(dataset: DataExtractDataset, query: unknown, request: FastifyRequest): Job {
    const from = reader(request);
    switch (dataset) {
      case 'ads':
        return adsJob(query, 'ads', request);
      case 'advertisers':
        return usersJob(query, 'advertisers', from);
      case 'packages': {
        const q = parse(catalogueQuery, query);
        const f = { ...q, ...dayRange(q, timeZone) };
        return csvJob({
          name: 'packages',
          columns: packageColumns,
          count: () => repo.countPackages(from, f),
          batches: () => repo.packageBatches(from, f, batchSize),
        });
      }
      case 'banners': {
        const q = parse(catalogueQuery, query);
        dayRange(q, timeZone);
        return csvJob({
          name: 'banners',
          columns: bannerColumns,
          count: () => repo.countBanners(from, q),
          batches: () => repo.bannerBatches(from, q, batchSize),
        });
      }
      case 'duties': {
        const q = parse(catalogueQuery, query);
        const f = { ...q, ...dayRange(q, timeZone) };
        return csvJob({
          name: 'duties',
          columns: dutyColumns,
          count: () => repo.countDuties(from, f),
          batches: () => repo.dutyBatches(from, f, batchSize),
        });
      }
      case 'activity':
        return activityJob(query, 'activity', from);
    }
  }

  // Described as a CSV download; the errors before it stay JSON (the shared 4XX description).
  const csvResponse = {
    200: {
      description: 'A CSV file (UTF-8 with a BOM, a header row), streamed',
      content: { 'text/csv': { schema: z.string() } },
    },
  };

  app.get(
    '/api/advertisements/export',
    { schema: { querystring: adExportQuery, response: csvResponse } },
    async (request, reply) => adsJob(request.query, 'ads', request).send(reply, request),
  );

  app.get(
    '/api/activity/export',
    { schema: { querystring: activityExportQuery, response: csvResponse } },
    async (request, reply) =>
      activityJob(request.query, 'activity', reader(request), activityExportQuery).send(reply, request),
  );

  app.get(
    '/api/users/export',
    { schema: { querystring: userExportQuery, response: csvResponse } },
    async (request, reply) => usersJob(request.query, 'users', reader(request)).send(reply, request),
  );

  app.get(
    '/api/data-extract/:dataset/count',
    {
      schema: { params: dataExtractParams, querystring: dataExtractQuery, response: { 200: dataExtractCountResponse } },
    },
    async (request) => ({
      success: true as const,
      total: await job(datasetAllowed(request), stripUnset(request.query), request).count(),
    }),
  );

  app.get(
    '/api/data-extract/:dataset/export',
    {
      schema: {
        params: dataExtractParams,
        querystring: dataExtractQuery,
        response: csvResponse,
      },
    },
    async (request, reply) => job(datasetAllowed(request), stripUnset(request.query), request).send(reply, request),
  );
};

function datasetAllowed(request: FastifyRequest & { params: { dataset: DataExtractDataset } }): DataExtractDataset {
  // Each dataset's own export permission (docs/decisions/0033-roles.md): no exports of users for a moderator.
  requirePermission(request, DATA_EXTRACT_PERMISSIONS[request.params.dataset]);
  return request.params.dataset;
}

/** An export's filters as its audit entry keeps them: those given, as text (not the file's format). */
function filterText(q: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(q)
      .filter(([k, v]) => v !== undefined && v !== '' && k !== 'format')
      .map(([k, v]) => [k, String(v)]),
  );
}

/** The Data Extract's query with the filters the request left out removed (the dataset's schema defaults them). */
function stripUnset(query: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined));
}
