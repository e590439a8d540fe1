import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adDuplicatesResponse,
  adSignalsResponse,
  blockedPhoneBody,
  blockedPhoneParam,
  blockedPhoneResponse,
  blockedPhonesResponse,
  riskyPhraseBody,
  riskyPhraseQuery,
  riskyPhraseResponse,
  riskyPhrasesResponse,
  uuidParam,
} from '@backoffice/contract';
import { keepInScope } from '../access/ad-scope';
import type { ModuleDeps } from '../module-deps';
import type { RiskyPhrasesService } from './risky-phrases';
import type { SignalsService } from './signals-service';

/** Trust signals (docs/decisions/0029-trust-signals.md): an ad's signals and near-duplicates, the phone blocklist. */
export const signalsRoutes: FastifyPluginAsyncZod<
  Pick<ModuleDeps, 'db'> & { signals: SignalsService; riskyPhrases: RiskyPhrasesService }
> = async (app, { db, signals, riskyPhrases: phrases }) => {
  app.get(
    '/api/advertisements/:id/signals',
    { schema: { params: uuidParam, response: { 200: adSignalsResponse } } },
    async (request) => signals.signals(request.params.id),
  );

  app.get(
    '/api/advertisements/:id/duplicates',
    { schema: { params: uuidParam, response: { 200: adDuplicatesResponse } } },
    // A scoped moderator sees the near-duplicates of their categories (docs/decisions/0033-roles.md).
    async (request) => ({
      success: true as const,
      duplicates: await keepInScope(db, request, await signals.duplicates(request.params.id)),
    }),
  );

  app.get('/api/signals/blocked-phones', { schema: { response: { 200: blockedPhonesResponse } } }, async () => ({
    success: true as const,
    phones: await signals.blockedPhones(),
  }));

  app.post(
    '/api/signals/blocked-phones',
    { schema: { body: blockedPhoneBody, response: { 200: blockedPhoneResponse } } },
    async (request) => ({
      success: true as const,
      phone: await signals.block(request.body.phone, request.session!.user.id),
    }),
  );

  app.delete(
    '/api/signals/blocked-phones/:phone',
    { schema: { params: blockedPhoneParam, response: { 200: z.object({ success: z.literal(true) }) } } },
    async (request) => {
      await signals.unblock(request.params.phone, request.session!.user.id);
      return { success: true as const };
    },
  );

  app.get('/api/signals/phrases', { schema: { response: { 200: riskyPhrasesResponse } } }, async () => ({
    success: true as const,
    phrases: await phrases.list(),
  }));

  app.post(
    '/api/signals/phrases',
    { schema: { body: riskyPhraseBody, response: { 200: riskyPhraseResponse } } },
    async (request) => ({
      success: true as const,
      phrase: await phrases.add(request.body, request.session!.user.id),
    }),
  );

  app.delete(
    '/api/signals/phrases',
    { schema: { querystring: riskyPhraseQuery, response: { 200: z.object({ success: z.literal(true) }) } } },
    async (request) => {
      await phrases.remove(request.query, request.session!.user.id);
      return { success: true as const };
    },
  );
};
