import http from 'node:http';

/**
 * The status a server listening on 127.0.0.1:`port` answers to GET /api/health sent with `host` as
 * its Host header (fetch cannot set Host): the host-check tests' probe.
 */
export function healthStatusFor(port: number, host: string): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: '/api/health', headers: { host } }, (res) => {
      res.resume();
      resolve(res.statusCode!);
    });
    req.on('error', reject);
    req.end();
  });
}
