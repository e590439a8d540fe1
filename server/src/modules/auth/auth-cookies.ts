import type { FastifyReply, FastifyRequest } from 'fastify';
import { isSecure } from '../../plugins/sessions';
import type { SignInClient } from './auth-service';
import { PENDING_COOKIE, PENDING_TTL_MS } from './pending-sign-ins';
import { DEVICE_COOKIE, DEVICE_TTL_MS } from './trusted-devices';

/**
 * The device cookie (docs/decisions/0031-device-cookies.md): sent only to the sign-in route, kept
 * for a year (a device unused for a year is forgotten by the server too).
 */
export function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(DEVICE_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    path: '/api/auth/signin',
    secure: isSecure(request),
    maxAge: DEVICE_TTL_MS / 1000,
  });
}

/**
 * The pending-sign-in cookie (docs/decisions/0032-two-factor.md): sent only to /api/auth, for as
 * long as the second step may take; no session until that step is passed.
 */
export function setPendingCookie(request: FastifyRequest, reply: FastifyReply, token: string, enrol: boolean) {
  reply.setCookie(PENDING_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    path: '/api/auth',
    secure: isSecure(request),
    maxAge: (enrol ? PENDING_TTL_MS.enrol : PENDING_TTL_MS['second-factor']) / 1000,
  });
}

export function clearPendingCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(PENDING_COOKIE, {
    httpOnly: true,
    sameSite: 'strict',
    path: '/api/auth',
    secure: isSecure(request),
  });
}

/** The browser signing in: its address, User-Agent and device cookie. */
export const signInClient = (request: FastifyRequest): SignInClient => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
  deviceToken: request.cookies[DEVICE_COOKIE],
});
