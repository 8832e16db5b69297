import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildOpenApiDocument } from '../openapi/openapi-document.ts';
import { runCommand } from './bootstrap.ts';

const usage = 'Usage: npm run api:doc -- [--out docs/openapi.json]';

/**
 * `npm run api:doc -- --out FILE`: the API's OpenAPI 3.1 document (GET /api/openapi.json, decision 0020) written
 * to FILE, or to the terminal without --out. It is made from the route table and the contracts alone: no server,
 * no database, no configuration.
 */
async function run(): Promise<number> {
  let out: string | undefined;
  try {
    out = parseArgs({ options: { out: { type: 'string' } }, strict: true }).values.out;
  } catch {
    out = '';
  }
  if (out === '') {
    console.error(usage);
    return 2;
  }
  const text = `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`;
  if (out === undefined) {
    process.stdout.write(text);
    return 0;
  }
  out = path.resolve(out);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, text);
  console.info(`OpenAPI document written: ${out} (${Math.round(text.length / 1024)} kB)`);
  return 0;
}

await runCommand(run);
