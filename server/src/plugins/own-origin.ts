import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The server's own origin for this request: PUBLIC_ORIGIN when set, else the scheme and the
     * Host header. Never X-Forwarded-Host, which the client can write (docs/SECURITY.md).
     */
    readonly ownOrigin: string | null;
  }
}

function originOf(value: string): string | null {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

export function registerOwnOrigin(app: FastifyInstance, publicOrigin: string | undefined): void {
  app.decorateRequest('ownOrigin', {
    getter() {
      if (publicOrigin) return publicOrigin;
      const host = this.headers.host;
      return host ? originOf(`${this.protocol}://${host}`) : null;
    },
  });
}
