import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';

/** The postinstall patch of PGlite's text reader (scripts/patch-pglite.mjs, docs/decisions/0025). */
const script = path.resolve(import.meta.dirname, '../../../scripts/patch-pglite.mjs');
const patch = (dir: string) => execFileSync(process.execPath, [script, dir], { encoding: 'utf8', stdio: 'pipe' });

// PGlite 0.5.16's reader, as its ESM build minifies it (private fields as WeakMaps).
const reader = `var r=(o,m)=>m.get(o),d=(o,m,v)=>(m.set(o,v),v);var x=new WeakMap(),w=new WeakMap(),le=new WeakMap();
export class Reader{constructor(){d(this,x,new DataView(new ArrayBuffer(0)));d(this,w,0);d(this,le,new TextDecoder())}setBuffer(t,n){d(this,w,t),d(this,x,new DataView(n))}string(t){return r(this,le).decode(this.bytes(t))}bytes(t){let n=r(this,x).buffer.slice(r(this,w),r(this,w)+t);return d(this,w,r(this,w)+t),new Uint8Array(n)}}`;

const dirs: string[] = [];
function build(text: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-pglite-patch-'));
  dirs.push(dir);
  fs.writeFileSync(path.join(dir, 'reader.js'), text);
  return dir;
}
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe('patch-pglite', () => {
  it('reads the same strings through a view, once patched, and leaves bytes() a copy', async () => {
    const dir = build(reader);
    expect(patch(dir)).toContain('1 file(s) patched');
    const text = fs.readFileSync(path.join(dir, 'reader.js'), 'utf8');
    expect(text).toContain('.decode(this.textView(t))');
    const { Reader } = (await import(pathToFileURL(path.join(dir, 'reader.js')).href)) as {
      Reader: new () => {
        setBuffer(at: number, b: ArrayBuffer): void;
        string(n: number): string;
        bytes(n: number): Uint8Array;
      };
    };
    const fields = ['ok', 'කොළඹ', 'சென்னை', '', 'x'.repeat(70_000)];
    const encoded = fields.map((f) => new TextEncoder().encode(f));
    const buffer = new Uint8Array(3 + encoded.reduce((n, e) => n + e.length, 0) + 2);
    let at = 3;
    for (const e of encoded) buffer.set(e, (at += e.length) - e.length);
    buffer.set([7, 8], at);
    const r = new Reader();
    r.setBuffer(3, buffer.buffer);
    expect(encoded.map((e) => r.string(e.length))).toEqual(fields);
    const bytes = r.bytes(2);
    buffer[at] = 0;
    expect([...bytes]).toEqual([7, 8]);
  });

  it('changes nothing when run again', () => {
    const dir = build(reader);
    patch(dir);
    const once = fs.readFileSync(path.join(dir, 'reader.js'), 'utf8');
    expect(patch(dir)).toContain('0 file(s) patched, 1 already patched');
    expect(fs.readFileSync(path.join(dir, 'reader.js'), 'utf8')).toBe(once);
  });

  it('fails the install when a reader has another shape (a new PGlite to look at)', () => {
    const dir = build(reader.replace('.buffer.slice(', '.buffer.copy('));
    expect(() => patch(dir)).toThrow(/reads strings in a way this does not know/);
  });

  it('is applied to the installed PGlite, which still returns every text exactly', async () => {
    const dist = path.dirname(fileURLToModule('@electric-sql/pglite'));
    const builds = fs.readdirSync(dist).filter((f) => /\.c?js$/.test(f));
    const readers = builds
      .map((f) => fs.readFileSync(path.join(dist, f), 'utf8'))
      .filter((t) => t.includes('TextDecoder'));
    expect(readers.some((t) => t.includes('.decode(this.textView('))).toBe(true);
    expect(readers.some((t) => /\.decode\(this\.bytes\(\w+\)\)/.test(t))).toBe(false);
    const db = await PGlite.create();
    try {
      const values = ['කොළඹ 7', 'யாழ்ப்பாணம்', '', 'y'.repeat(200_000), null];
      const { rows } = await db.query<{ v: string | null }>(
        'select v from unnest($1::text[]) with ordinality as u(v, i) order by i',
        [values],
      );
      expect(rows.map((row) => row.v)).toEqual(values);
    } finally {
      await db.close();
    }
  });
});

function fileURLToModule(name: string): string {
  return new URL(import.meta.resolve(name)).pathname;
}
