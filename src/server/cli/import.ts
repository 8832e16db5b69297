import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { texts } from '../../shared/texts.ts';
import { ConfigError, loadConfig, loadEnvFileIfPresent } from '../config.ts';
import { importData } from '../data/import.service.ts';
import { formatImportReport } from '../data/import-report-text.ts';
import { createDb } from '../db/create-db.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { DomainError } from '../errors.ts';

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
  let input: unknown;
  try {
    input = JSON.parse(fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, ''));
  } catch {
    console.error(texts.data.fileNotJson);
    return 1;
  }
  loadEnvFileIfPresent();
  const config = loadConfig();
  const database = createDb(config.database);
  try {
    await migrateToLatest(database.db as never);
    const report = await importData(database.db, input, { dryRun: values['dry-run'] });
    console.info(formatImportReport(report));
    return 0;
  } catch (error) {
    if (error instanceof DomainError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await database.db.destroy();
  }
}

try {
  process.exitCode = await run();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
