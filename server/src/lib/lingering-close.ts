import type { IncomingMessage } from 'node:http';

/**
 * After an early answer to a request whose body is still arriving (a refused upload), close the
 * connection the way web servers do ("lingering close"): send the answer and a FIN, then read and
 * drop what the client is still sending for a moment before closing. Closing a socket with unread
 * data makes the kernel send a TCP reset, which can destroy the answer before the client reads it.
 * Bounded in time and bytes, so a client that keeps sending cannot hold the connection.
 */
export function lingerBeforeClose(req: IncomingMessage, limits = { ms: 2_000, bytes: 8 * 1024 * 1024 }): void {
  const socket = req.socket;
  // Node's HTTP server calls destroySoon() once a `connection: close` answer has been written.
  socket.destroySoon = function lingeringDestroySoon() {
    if (socket.writable) socket.end();
    const stop = () => socket.destroy();
    const timer = setTimeout(stop, limits.ms).unref();
    socket.once('close', () => clearTimeout(timer));
    let dropped = 0;
    req.unpipe();
    req.on('data', (chunk: Buffer) => {
      dropped += chunk.length;
      if (dropped > limits.bytes) stop();
    });
    req.on('end', stop);
    req.on('error', stop);
    req.resume();
  };
}
