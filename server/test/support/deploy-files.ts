import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './repo-files';

/**
 * The production files of deploy/ as the nginx pair's test runs them: the systemd unit's command and
 * environment, and nginx with deploy/nginx/backoffice.conf filled in, in a temp prefix.
 */

/** The systemd unit's ExecStart and Environment= lines, with `%i` (the instance name: its port) filled in. */
export function unitService(port: number): { command: string[]; env: Record<string, string> } {
  const unit = fs.readFileSync(path.join(repoRoot, 'deploy/systemd/backoffice@.service'), 'utf8');
  const values = (key: string) =>
    unit
      .split('\n')
      .filter((line) => line.startsWith(`${key}=`))
      .map((line) => line.slice(key.length + 1).replaceAll('%i', String(port)));
  const [program, ...args] = values('ExecStart')[0]!.split(/\s+/);
  // The unit names the machine's node; the test runs the one running it, with the same arguments.
  if (path.basename(program!) !== 'node') throw new Error(`the unit's ExecStart runs ${program}, not node`);
  const env = Object.fromEntries(
    values('Environment').map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
  );
  return { command: [process.execPath, ...args], env };
}

export function findNginx(): string | null {
  for (const dir of ['/usr/sbin', ...(process.env.PATH ?? '').split(':')]) {
    const bin = path.join(dir, 'nginx');
    if (dir && fs.existsSync(bin)) return bin;
  }
  return null;
}

export type Nginx = { url: string; stop(): Promise<void> };

/**
 * nginx in the foreground (`daemon off`) with everything it writes in a temp prefix, serving the
 * filled-in site file on 127.0.0.1:`port`. Its http block adds `X-Upstream-Addr`: the instance
 * nginx passed the request to, as nginx itself records it ($upstream_addr); the site file sets no
 * header of its own, so every location inherits it.
 */
export async function startNginx(bin: string, opts: { port: number; instances: [number, number] }): Promise<Nginx> {
  const values: Record<string, string> = {
    INSTANCE_1: `127.0.0.1:${opts.instances[0]}`,
    INSTANCE_2: `127.0.0.1:${opts.instances[1]}`,
    LISTEN: `127.0.0.1:${opts.port}`,
    SERVER_NAME: '127.0.0.1',
  };
  const template = fs.readFileSync(path.join(repoRoot, 'deploy/nginx/backoffice.conf'), 'utf8');
  const site = template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`deploy/nginx/backoffice.conf: no value for {{${name}}}`);
    return values[name]!;
  });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-nginx-'));
  // nginx started by root runs its workers as nobody, who must reach the temp folders.
  fs.chmodSync(dir, 0o755);
  fs.writeFileSync(path.join(dir, 'backoffice.conf'), site);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((kind) => `  ${kind}_temp_path ${path.join(dir, kind)};`)
    .join('\n');
  const errorLog = path.join(dir, 'error.log');
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `daemon off;
worker_processes 1;
pid ${path.join(dir, 'nginx.pid')};
error_log ${errorLog} info;
events { worker_connections 256; }
http {
  access_log off;
${temp}
  add_header X-Upstream-Addr $upstream_addr always;
  include ${path.join(dir, 'backoffice.conf')};
}
`,
  );
  const args = ['-p', dir, '-e', errorLog, '-c', path.join(dir, 'nginx.conf')];
  const check = spawnSync(bin, [...args, '-t'], { encoding: 'utf8' });
  if (check.status !== 0) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw new Error(`nginx -t refused the configuration:\n${check.stderr}`);
  }
  const proc: ChildProcess = spawn(bin, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  proc.stderr!.on('data', (d) => (stderr += d));
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const readLog = () => (fs.existsSync(errorLog) ? fs.readFileSync(errorLog, 'utf8') : '') + stderr;
  const nginx: Nginx = {
    url: `http://127.0.0.1:${opts.port}`,
    async stop() {
      // SIGTERM: a fast shutdown; the workers leave with the master.
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGTERM');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  // Ready when it answers through to an instance (the instances are up before it starts). The
  // deadline is a hang guard under the hook's, so that a failure shows nginx's log and stops it.
  const deadline = Date.now() + 60_000;
  let answer = 'no answer';
  for (;;) {
    if (proc.exitCode !== null || Date.now() > deadline) {
      const why = `${proc.exitCode === null ? 'running' : `exited with ${proc.exitCode}`}, ${answer}`;
      const log = readLog();
      await nginx.stop();
      throw new Error(`nginx did not pass /api/health through (${why}):\n${log}`);
    }
    const ok = await fetch(`${nginx.url}/api/health`).then(
      async (r) => {
        answer = `${r.status} ${await r.text()}`;
        return r.ok;
      },
      () => false,
    );
    if (ok) return nginx;
    await new Promise((r) => setTimeout(r, 100));
  }
}
