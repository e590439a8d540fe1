import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountSecurity,
  accountSessionsResponse,
  changePasswordBody,
  recoveryCodesResponse,
  secondFactorBody,
  sessionIdParam,
  uuidParam,
} from '@backoffice/contract';
import type { AccountService } from './account-service';
import type { TwoFactorService } from './two-factor-service';

const ok = z.object({ success: z.literal(true) });

/**
 * Self-service behind the admin guard (issue 36.4): every admin's own password, sessions and second
 * factor, and an administrator's reset of another admin's second factor.
 */
export const accountRoutes: FastifyPluginAsyncZod<{ account: AccountService; twoFactor: TwoFactorService }> = async (
  app,
  { account, twoFactor },
) => {
  app.get('/api/auth/account', { schema: { response: { 200: accountSecurity } } }, async (request) => ({
    success: true as const,
    ...(await account.security(request.session!.user)),
  }));

  app.post('/api/auth/password', { schema: { body: changePasswordBody, response: { 200: ok } } }, async (request) => {
    const { user, tokenHash } = request.session!;
    await account.changePassword(user, tokenHash, request.body);
    return { success: true as const };
  });

  app.get('/api/auth/sessions', { schema: { response: { 200: accountSessionsResponse } } }, async (request) => {
    const { user, tokenHash } = request.session!;
    return { success: true as const, sessions: await account.listSessions(user, tokenHash) };
  });

  app.delete(
    '/api/auth/sessions/:id',
    { schema: { params: sessionIdParam, response: { 200: ok } } },
    async (request) => {
      await account.endSession(request.session!.user, request.params.id);
      return { success: true as const };
    },
  );

  app.post(
    '/api/auth/2fa/recovery-codes',
    { schema: { body: secondFactorBody, response: { 200: recoveryCodesResponse } } },
    async (request) => ({
      success: true as const,
      recoveryCodes: await twoFactor.regenerateRecoveryCodes(request.session!.user, request.body),
    }),
  );

  app.post('/api/auth/2fa/reset', { schema: { body: secondFactorBody, response: { 200: ok } } }, async (request) => {
    const { user, tokenHash } = request.session!;
    await account.resetOwnSecondFactor(user, tokenHash, request.body);
    return { success: true as const };
  });

  app.post('/api/users/:id/reset-2fa', { schema: { params: uuidParam, response: { 200: ok } } }, async (request) => {
    await account.resetSecondFactorOf(request.session!.user, request.params.id);
    return { success: true as const };
  });
};
