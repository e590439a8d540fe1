// `postinstall`: PGlite's wire-protocol reader decodes text fields without copying them first
// (docs/decisions/0025-pglite-text-fields.md).
//
// PGlite 0.5.16's BufferReader reads every text field of every row through `bytes(n)`, which copies
// the field into a new ArrayBuffer (`buffer.slice`) before TextDecoder decodes it. One allocation of
// an ArrayBuffer per field made that copy the largest cost of reading rows: 27 % of the CPU profile
// of reading 100,000 ads, and 3.3 s against 1.9 s for the same rows read with the patch. This adds a
// method `textView(n)`, the same as `bytes(n)` but returning a view of the same bytes, and has
// `string(n)` decode that view. `bytes(n)` itself is unchanged: its other callers keep their bytes,
// and the reader's buffer is reused for later messages.
//
// The minified names differ in each of PGlite's builds, so the methods are found by their shape.
// Running it again changes nothing. A build that has the old `string` but not the `bytes` this expects
// (a new PGlite) fails the install, so that an upgrade is looked at rather than silently slower.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The PGlite build folder: the installed one, or the one given (the script's test patches a copy).
const root = fileURLToPath(new URL('..', import.meta.url));
const candidates = process.argv[2]
  ? [path.resolve(process.argv[2])]
  : ['node_modules', 'server/node_modules'].map((d) => path.join(root, d, '@electric-sql/pglite/dist'));
const dist = candidates.find((d) => fs.existsSync(d));
if (!dist) {
  console.log('patch-pglite: PGlite is not installed; nothing to do');
  process.exit(0);
}

// string(t){return R.decode(this.bytes(t))}
const stringMethod = /string\((\w+)\)\{return ([^{}]{1,40})\.decode\(this\.bytes\(\1\)\)\}/;
// bytes(t){let n=DV.buffer.slice(POS,POS+t);return ADVANCE,new Uint8Array(n)}
const bytesMethod =
  /bytes\((\w+)\)\{let (\w+)=(\w+\(this,\w+\))\.buffer\.slice\((\w+\(this,\w+\)),\4\+\1\);return ([^;{}]{1,80}),new Uint8Array\(\2\)\}/;

function files(dir) {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)]))
    .filter((f) => /\.c?js$/.test(f));
}

let patched = 0;
let already = 0;
for (const file of files(dist)) {
  const text = fs.readFileSync(file, 'utf8');
  if (text.includes('.decode(this.textView(')) {
    already++;
    continue;
  }
  if (!stringMethod.test(text)) continue;
  const bytes = bytesMethod.exec(text);
  if (!bytes) throw new Error(`patch-pglite: ${path.relative(root, file)} reads strings in a way this does not know`);
  const [whole, n, local, view, pos, advance] = bytes;
  const textView = `textView(${n}){let ${local}=new Uint8Array(${view}.buffer,${pos},${n});return ${advance},${local}}`;
  const next = text
    .replace(whole, `${whole}${textView}`)
    .replace(stringMethod, (_, t, decoder) => `string(${t}){return ${decoder}.decode(this.textView(${t}))}`);
  fs.writeFileSync(file, next);
  patched++;
}
if (patched + already === 0) throw new Error('patch-pglite: no PGlite build has the reader this patches');
console.log(`patch-pglite: ${patched} file(s) patched, ${already} already patched`);
