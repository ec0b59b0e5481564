// Writes gzip (level 9) and brotli (quality 11) copies next to the built app's text files, so
// the gateway sends them as they are instead of compressing each response.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, extname } from 'node:path';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';

const root = new URL('../dist/', import.meta.url).pathname;
const TEXT = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.webmanifest']);
const MIN_BYTES = 1024;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

let count = 0;
let raw = 0;
let br = 0;
for (const path of files(root)) {
  if (!TEXT.has(extname(path))) continue;
  const data = readFileSync(path);
  if (data.length < MIN_BYTES) continue;
  const gz = gzipSync(data, { level: 9 });
  const brotli = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  writeFileSync(`${path}.gz`, gz);
  writeFileSync(`${path}.br`, brotli);
  count += 1;
  raw += data.length;
  br += brotli.length;
}
console.log(
  `precompressed ${count} files: ${(raw / 1024).toFixed(0)} KB -> ${(br / 1024).toFixed(0)} KB brotli`,
);
