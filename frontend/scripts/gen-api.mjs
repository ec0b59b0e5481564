// Generates the API types (src/api/schema.d.ts) from the gateway's OpenAPI document.
//
//   npm run gen:api                          # ../services/gateway/openapi.json
//   npm run gen:api -- path/to/openapi.json  # or OPENAPI_JSON=path/to/openapi.json npm run gen:api
//   npm run gen:api -- --check [path]        # exit 1 if schema.d.ts differs from what the document gives
//
// A relative path is taken from frontend/. The document is validated (openapi-typescript's
// Redocly step) before anything is written.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = resolve(root, 'src/api/schema.d.ts');
const args = process.argv.slice(2);
const check = args.includes('--check');
const paths = args.filter((a) => a !== '--check');
if (paths.length > 1 || paths.some((a) => a.startsWith('-'))) {
  console.error('usage: gen-api.mjs [--check] [openapi.json]');
  process.exit(2);
}
const input = resolve(root, paths[0] ?? process.env.OPENAPI_JSON ?? '../services/gateway/openapi.json');

if (!existsSync(input)) {
  console.error(`gen:api: no OpenAPI document at ${input} (pass a path, or set OPENAPI_JSON)`);
  process.exit(1);
}

// defaultNonNullable: false keeps a property with a `default` optional. In this document only
// request bodies carry defaults (the server fills what the client leaves out); the default (true)
// would make the client send every field. Answers are unaffected: their fields are `required`.
let ast;
try {
  ast = await openapiTS(pathToFileURL(input), { defaultNonNullable: false });
} catch (e) {
  console.error(`gen:api: ${relative(root, input)} is not a valid OpenAPI document: ${e instanceof Error ? e.message : e}`);
  process.exit(1);
}
const text = `${COMMENT_HEADER.trimEnd()}\n// Source: the gateway's /v1/openapi.json. Regenerate with \`npm run gen:api\`.\n\n${astToString(ast)}`;

if (check) {
  const current = existsSync(out) ? readFileSync(out, 'utf8') : null;
  if (current !== text) {
    console.error(`gen:api: ${relative(root, out)} is ${current === null ? 'missing' : 'stale'}; run npm run gen:api`);
    process.exit(1);
  }
  console.log(`gen:api: ${relative(root, out)} is up to date`);
} else {
  writeFileSync(out, text);
  console.log(`gen:api: wrote ${relative(root, out)} from ${relative(root, input)}`);
}
