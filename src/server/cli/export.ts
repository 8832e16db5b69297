import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { DATA_TABLES } from '../../shared/schemas/api-data.ts';
import { texts } from '../../shared/texts.ts';
import { buildExport, csvFileName, csvOfTable } from '../export/export.service.ts';
import { exportZip } from '../export/export-zip.ts';
import { runCommand, withShop } from './bootstrap.ts';

/**
 * `npm run export -- --format json|csv|zip --out PATH`: json writes one file at PATH (the format `npm run import`
 * reads back); csv writes one file per table (kunder.csv, perler.csv, …) into the folder PATH; zip writes the
 * JSON file and the bead photos (photos/) into one zip at PATH, which `npm run import` reads back too.
 */
async function run(): Promise<number> {
  const { values } = parseArgs({
    options: { format: { type: 'string', default: 'json' }, out: { type: 'string' } },
    strict: true,
  });
  const format = values.format;
  if ((format !== 'json' && format !== 'csv' && format !== 'zip') || !values.out) {
    console.error(texts.data.cli.exportUsage);
    return 2;
  }
  const out = path.resolve(values.out);
  if (format === 'zip') {
    fs.mkdirSync(path.dirname(out), { recursive: true });
    await withShop(async ({ database }) => pipeline(await exportZip(database.db), fs.createWriteStream(out)));
    console.info(texts.data.cli.exported(out));
    return 0;
  }
  const file = await withShop(({ database }) => buildExport(database.db));
  if (format === 'json') {
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, `${JSON.stringify(file, null, 2)}\n`);
  } else {
    fs.mkdirSync(out, { recursive: true });
    for (const table of DATA_TABLES)
      fs.writeFileSync(path.join(out, csvFileName(table)), csvOfTable(file, table));
  }
  console.info(texts.data.cli.exported(out));
  return 0;
}

await runCommand(run);
