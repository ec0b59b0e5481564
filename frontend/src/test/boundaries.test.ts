import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(__dirname, '..');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : /\.(ts|tsx)$/.test(n) ? [p] : [];
  });
}

function imports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map((m) => m[1]);
}

function target(file: string, spec: string): string | null {
  if (spec.startsWith('@/')) return join(SRC, spec.slice(2));
  if (spec.startsWith('.')) return resolve(dirname(file), spec);
  return null;
}

describe('module boundaries', () => {
  it('features do not import each other, and shared code imports no feature', () => {
    const bad: string[] = [];
    for (const f of files(SRC)) {
      if (f.endsWith('.test.ts') || f.endsWith('.test.tsx') || f.includes(`${join(SRC, 'test')}`)) continue;
      const rel = relative(SRC, f);
      const own = rel.startsWith('features/') ? rel.split('/')[1] : null;
      const shared = /^(components|lib|api|config)\//.test(rel);
      for (const spec of imports(f)) {
        const t = target(f, spec);
        if (!t) continue;
        const trel = relative(SRC, t);
        if (own && trel.startsWith('features/') && trel.split('/')[1] !== own) bad.push(`${rel} -> ${spec}`);
        if (shared && (trel.startsWith('features/') || trel.startsWith('app/'))) bad.push(`${rel} -> ${spec}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('every query key comes from src/api/query-keys.ts, so invalidations match the queries', () => {
    const keys = join(SRC, 'api', 'query-keys.ts');
    const bad: string[] = [];
    for (const f of files(SRC)) {
      if (f === keys || /\.test\.tsx?$/.test(f) || f.startsWith(join(SRC, 'test'))) continue;
      const text = readFileSync(f, 'utf8');
      for (const m of text.matchAll(/queryKey\s*:\s*[['"`]/g)) bad.push(`${relative(SRC, f)}: ${text.slice(m.index, m.index + 40)}`);
    }
    expect(bad).toEqual([]);
  });
});
