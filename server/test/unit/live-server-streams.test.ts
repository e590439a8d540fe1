import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultServerStreams } from '../../src/modules/live/live-support';

/** Issue 38.3: unset, LIVE_SERVER_STREAMS leaves half the process's file descriptors to everything else. */
describe('the default bound of live streams per instance', () => {
  const limits = (soft: string) => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'limits-')), 'limits');
    fs.writeFileSync(
      file,
      `Limit                     Soft Limit           Hard Limit           Units\nMax open files            ${soft}                 1048576              files\n`,
    );
    return file;
  };

  it('is 500, or half the descriptor limit when that is fewer', () => {
    expect(defaultServerStreams(limits('1048576'))).toBe(500);
    expect(defaultServerStreams(limits('1024'))).toBe(500);
    expect(defaultServerStreams(limits('256'))).toBe(128);
  });

  it('is 500 where the limit cannot be read', () => {
    expect(defaultServerStreams(path.join(os.tmpdir(), 'no-such-limits-file'))).toBe(500);
  });
});
