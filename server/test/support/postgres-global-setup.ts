import fs from 'node:fs';
import type { TestProject } from 'vitest/node';
import { findPgBin, startPgCluster } from './pg-cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
  }
}

/** Starts one throwaway cluster for the api-postgres project; each test file makes its own database. */
export default async function setup(project: TestProject) {
  const bin = findPgBin();
  if (!bin) {
    if (process.env.REQUIRE_POSTGRES === '1')
      throw new Error('REQUIRE_POSTGRES=1 but no PostgreSQL binaries (initdb, pg_ctl) were found');
    console.warn(
      '\n  NOTICE: no PostgreSQL binaries found: the api-postgres suite is skipped. Set PG_BIN or install PostgreSQL.\n',
    );
    project.provide('pgUrl', '');
    return;
  }
  const cluster = await startPgCluster(bin);
  project.provide('pgUrl', cluster.url);
  return () => {
    cluster.stop();
    fs.rmSync(cluster.dir, { recursive: true, force: true });
  };
}
