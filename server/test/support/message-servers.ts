import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { to: string[]; raw: string; messageId: string; text: string };

/** The raw message with quoted-printable soft breaks and escapes undone (enough for ASCII checks). */
function decodeQp(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

/**
 * A real SMTP server on 127.0.0.1 (the `smtp-server` package). `refuse` answers RCPT TO with an
 * error carrying that SMTP code (550: refused for good; 451: try later).
 */
export async function startSmtpServer(opts: { port?: number; refuse?: () => number | undefined } = {}) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    // A client's pooled connection still open at close is cut after this (30 s by default).
    closeTimeout: 200,
    onRcptTo(_address, _session, callback) {
      const code = opts.refuse?.();
      if (code) {
        callback(
          Object.assign(new Error(code >= 500 ? 'Mailbox unavailable' : 'Try again later'), { responseCode: code }),
        );
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          messageId: /^Message-ID:\s*(\S+)/im.exec(raw)?.[1] ?? '',
          text: decodeQp(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type ReceivedSms = {
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  body: { to: string; text: string };
};

/** A local SMS gateway (node:http) that records each POST and answers `status()` (200 by default). */
export async function startSmsGateway(status: () => number = () => 200) {
  const received: ReceivedSms[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const code = status();
      if (code < 300) {
        received.push({
          authorization: req.headers.authorization,
          idempotencyKey: req.headers['idempotency-key'] as string | undefined,
          body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as ReceivedSms['body'],
        });
      }
      res.writeHead(code, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/sms`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Polls `check` until it holds, and returns what it returned: a state, not a time. It has no
 * deadline of its own (the test's timeout is the hang guard); `check` may throw to fail at once.
 */
export async function waitFor<T>(check: () => Promise<T | undefined | false> | T | undefined | false): Promise<T> {
  for (;;) {
    const value = await check();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
}
