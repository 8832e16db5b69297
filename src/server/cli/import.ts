import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { texts } from '../../shared/texts.ts';
import { importData } from '../import/import.service.ts';
import { readImportJson } from '../import/import-file.ts';
import { ImportFileError } from '../import/import-records.ts';
import { formatImportReport } from '../import/import-report-text.ts';
import { importZipFile } from '../import/import-zip.ts';
import { looksLikeZip } from '../import/zip-reader.ts';
import { runCommand, withShop } from './bootstrap.ts';

async function run(): Promise<number> {
  const { values, positionals } = parseArgs({
    options: { 'dry-run': { type: 'boolean', default: false } },
    allowPositionals: true,
    strict: true,
  });
  const [file] = positionals;
  if (!file || positionals.length > 1) {
    console.error(texts.data.cli.importUsage);
    return 2;
  }
  if (!fs.existsSync(file)) {
    console.error(texts.data.cli.fileNotFound(file));
    return 1;
  }
  // An export with photos (a zip, decision 0016), known by its first bytes.
  const head = Buffer.alloc(4);
  const fd = fs.openSync(file, 'r');
  fs.readSync(fd, head, 0, 4, 0);
  fs.closeSync(fd);
  if (looksLikeZip(head)) {
    return withShop(async ({ database }) => {
      // The laptop reads a big shop's export too (its JSON alone can pass the network import's 50 MB).
      const report = await importZipFile(database.db, file, {
        dryRun: values['dry-run'],
        maxJsonBytes: 1024 ** 3,
      });
      console.info(formatImportReport(report));
      return 0;
    });
  }
  let input: unknown;
  try {
    input = readImportJson(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    if (!(error instanceof ImportFileError)) throw error;
    console.error(error.message);
    return 1;
  }
  // A refused file (DomainError) is printed by runCommand and exits 1.
  return withShop(async ({ database }) => {
    const report = await importData(database.db, input, { dryRun: values['dry-run'] });
    console.info(formatImportReport(report));
    return 0;
  });
}

await runCommand(run);
