import net from 'node:net';

type Waiting = { resolve: (status: number) => void; reject: (err: Error) => void };
type Connection = { socket: net.Socket; buffer: Buffer; waiting?: Waiting };

const HEAD_END = Buffer.from('\r\n\r\n');

/**
 * A small HTTP/1.1 keep-alive client for the benches' paced posts: each request's bytes written
 * straight to an idle socket, each answer read up to its Content-Length and its status returned.
 * Node's http client costs about 0.5 ms of CPU a request (bench/reports.ts measured it beside the
 * server), taken on the benches' two cores from the server being measured; the public site that
 * sends reports runs elsewhere. Loopback only (the caller checks); no redirects, no chunked answers.
 */
export class RawHttpClient {
  private readonly idle: Connection[] = [];
  private readonly all = new Set<Connection>();

  constructor(
    private readonly host: string,
    private readonly port: number,
  ) {}

  /** POSTs `body` (JSON) to `path`; resolves with the answer's status, rejects on a socket error. */
  post(path: string, headers: Record<string, string>, body: string): Promise<number> {
    const lines = [`POST ${path} HTTP/1.1`, `Host: ${this.host}:${this.port}`, 'Connection: keep-alive'];
    for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
    lines.push('Content-Type: application/json', `Content-Length: ${Buffer.byteLength(body)}`, '', body);
    const c = this.idle.pop() ?? this.open();
    return new Promise<number>((resolve, reject) => {
      c.waiting = { resolve, reject };
      c.socket.write(lines.join('\r\n'));
    });
  }

  close(): void {
    for (const c of this.all) c.socket.destroy();
    this.all.clear();
    this.idle.length = 0;
  }

  private open(): Connection {
    const c: Connection = { socket: net.connect(this.port, this.host), buffer: Buffer.alloc(0) };
    c.socket.setNoDelay(true);
    this.all.add(c);
    c.socket.on('data', (chunk) => {
      c.buffer = c.buffer.length ? Buffer.concat([c.buffer, chunk]) : chunk;
      this.read(c);
    });
    const fail = (err: Error) => {
      this.all.delete(c);
      const i = this.idle.indexOf(c);
      if (i >= 0) this.idle.splice(i, 1);
      c.waiting?.reject(err);
      c.waiting = undefined;
    };
    c.socket.on('error', fail);
    c.socket.on('close', () => fail(new Error('connection closed')));
    return c;
  }

  /** One whole answer in the buffer: its status to the waiting request, the socket back to idle. */
  private read(c: Connection): void {
    const end = c.buffer.indexOf(HEAD_END);
    if (end < 0) return;
    const head = c.buffer.subarray(0, end).toString('latin1');
    const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    if (!length) {
      c.socket.destroy(new Error(`an answer without Content-Length: ${head.split('\r\n')[0]}`));
      return;
    }
    const total = end + HEAD_END.length + Number(length[1]);
    if (c.buffer.length < total) return;
    c.buffer = c.buffer.subarray(total);
    const waiting = c.waiting;
    c.waiting = undefined;
    this.idle.push(c);
    waiting?.resolve(Number(head.slice(9, 12)));
  }
}
