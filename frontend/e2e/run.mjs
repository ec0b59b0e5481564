// Browser tests: playwright-core driving the system Chromium against a running stack.
// E2E_BASE_URL (default http://127.0.0.1:8080) points at the gateway serving the built app.
// Usage: node e2e/run.mjs [name-filter ...] (a test runs when its name contains any of them)
import { chromium } from 'playwright-core';
import { mkdirSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { assert, takeOpenedPages } from './helpers.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const base = (process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8080').replace(/\/$/, '');
const shotsDir = join(here, 'screenshots');
mkdirSync(shotsDir, { recursive: true });

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // WebGL through the software rasteriser, so the map draws without a GPU.
  '--enable-unsafe-swiftshader',
];



const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
const filters = process.argv.slice(2).filter(Boolean);
const files = readdirSync(join(here, 'tests')).filter((f) => f.endsWith('.mjs')).sort();
const results = [];
for (const file of files) {
  const mod = await import(pathToFileURL(join(here, 'tests', file)).href);
  for (const [name, fn] of Object.entries(mod.tests)) {
    const full = `${file.replace('.mjs', '')} › ${name}`;
    if (filters.length && !filters.some((f) => full.includes(f))) continue;
    const started = Date.now();
    let step = 0;
    const ctx = {
      browser,
      base,
      // Screenshots for each step: e2e/screenshots/<file>--<test>--<n>-<label>.png
      shot: async (page, label) => {
        step += 1;
        const slug = `${file.replace('.mjs', '')}--${name}--${String(step).padStart(2, '0')}-${label}`.replace(/[^a-z0-9-]+/gi, '-').toLowerCase();
        await page.screenshot({ path: join(shotsDir, `${slug}.png`) });
      },
    };
    takeOpenedPages();
    try {
      await fn(ctx);
      // Every test ends with no uncaught exception and nothing refused by the CSP in its pages.
      const errors = takeOpenedPages().flatMap((p) => p.errors);
      assert.deepEqual(errors, [], 'errors in the pages (uncaught exceptions, Content-Security-Policy violations)');
      results.push({ full, status: 'pass', ms: Date.now() - started });
      console.log(`  ✓ ${full} (${Date.now() - started} ms)`);
    } catch (e) {
      if (e?.name === 'Skip') {
        results.push({ full, status: 'skip', reason: e.message });
        console.log(`  - ${full}: skipped: ${e.message}`);
      } else {
        results.push({ full, status: 'fail', error: e });
        // The whole message (an axe finding names its elements), then where it was thrown.
        const where = String(e?.stack ?? '').split('\n').filter((l) => l.trim().startsWith('at ')).slice(0, 3);
        console.log(`  ✗ ${full}\n    ${[...String(e?.message ?? e).split('\n'), ...where].join('\n    ')}`);
      }
    }
  }
}
await browser.close();
const count = (s) => results.filter((r) => r.status === s).length;
console.log(`browser tests: ${count('pass')} passed, ${count('fail')} failed, ${count('skip')} skipped (screenshots in e2e/screenshots)`);
process.exit(count('fail') ? 1 : 0);
