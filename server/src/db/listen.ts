import pg from 'pg';

/** Called with a notification's payload. */
export type NotifyHandlers = Record<string, (payload: string) => void>;

/**
 * Subscribes to NOTIFY channels; `onResume` runs after a lost connection is back (notifications
 * sent meanwhile are gone, so the subscriber catches up from its tables). Resolves to a function
 * that ends the subscription.
 */
export type Listen = (handlers: NotifyHandlers, onResume?: () => void) => Promise<() => Promise<void>>;

const RETRY_MS = 1_000;

/**
 * PostgreSQL: one dedicated connection (a pooled one would drop LISTEN when returned), reconnected
 * after a second whenever it is lost.
 */
export function postgresListen(url: string): Listen {
  return async (handlers, onResume) => {
    let client: pg.Client | undefined;
    let closed = false;
    let retry: NodeJS.Timeout | undefined;

    const connect = async (): Promise<void> => {
      const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
      next.on('notification', (n) => handlers[n.channel]?.(n.payload ?? ''));
      const lost = () => {
        next.removeAllListeners('end');
        next.on('error', () => {});
        void next.end().catch(() => {});
        if (client === next) client = undefined;
        if (!closed) schedule();
      };
      next.on('error', lost);
      next.on('end', lost);
      await next.connect();
      for (const channel of Object.keys(handlers)) await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (closed) {
        await next.end();
        return;
      }
      client = next;
    };
    const schedule = () => {
      clearTimeout(retry);
      retry = setTimeout(() => {
        connect().then(
          () => onResume?.(),
          () => !closed && schedule(),
        );
      }, RETRY_MS);
      retry.unref();
    };

    await connect();
    return async () => {
      closed = true;
      clearTimeout(retry);
      const current = client;
      client = undefined;
      if (current) {
        current.removeAllListeners('end');
        current.on('error', () => {});
        await current.end().catch(() => {});
      }
    };
  };
}
