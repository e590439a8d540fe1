import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listImportBody, listImportResponse } from '@backoffice/contract';
import { acceptCsvBody, answerImport, readCsvList } from '../../lib/csv-import';
import { listCsvResponse, sendListCsv } from '../exports/list-csv';
import type { ModuleDeps } from '../module-deps';
import type { RiskyPhrasesService } from './risky-phrases';
import {
  blockedPhoneColumns,
  checkPhoneLine,
  checkPhraseLine,
  importBlockedPhones,
  riskyPhraseColumns,
} from './signals-lists-csv';
import type { SignalsService } from './signals-service';

const importSchema = {
  consumes: ['text/csv'],
  body: listImportBody,
  response: { 200: listImportResponse },
};

/**
 * The phone blocklist and the risky phrases as CSV (issue 34.5): each exported as a file the import
 * takes back. An import is all or nothing: a bad line anywhere is a 400 listing every bad line
 * (`lines`), and nothing is stored; otherwise the new entries are added in one transaction.
 */
export const signalsListsRoutes: FastifyPluginAsyncZod<
  Pick<ModuleDeps, 'db' | 'clock'> & { signals: SignalsService; riskyPhrases: RiskyPhrasesService; timeZone?: string }
> = async (app, { db, clock, signals, riskyPhrases: phrases, timeZone }) => {
  acceptCsvBody(app);

  app.get('/api/signals/blocked-phones/export.csv', { schema: { response: listCsvResponse } }, async (request, reply) =>
    sendListCsv(reply, request, {
      name: 'blocked-numbers',
      columns: blockedPhoneColumns,
      rows: await signals.blockedPhones(),
      now: clock(),
      timeZone,
      personal: { db },
    }),
  );

  app.post('/api/signals/blocked-phones/import', { schema: importSchema }, async (request, reply) =>
    answerImport(reply, async () => {
      const phones = readCsvList(request.body, ['phone'], checkPhoneLine);
      return { success: true as const, ...(await importBlockedPhones(db, clock, phones, request.session!.user.id)) };
    }),
  );

  app.get('/api/signals/phrases/export.csv', { schema: { response: listCsvResponse } }, async (request, reply) =>
    sendListCsv(reply, request, {
      name: 'risky-phrases',
      columns: riskyPhraseColumns,
      rows: (await phrases.list()).filter((p) => !p.removed),
      now: clock(),
      timeZone,
    }),
  );

  app.post('/api/signals/phrases/import', { schema: importSchema }, async (request, reply) =>
    answerImport(reply, async () => {
      const bodies = readCsvList(request.body, ['language', 'category', 'phrase'], checkPhraseLine);
      return { success: true as const, ...(await phrases.importMany(bodies, request.session!.user.id)) };
    }),
  );
};
