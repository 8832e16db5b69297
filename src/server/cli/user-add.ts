import { parseArgs } from 'node:util';
import { ownerSetupSchema } from '../../shared/schemas/auth.ts';
import { createAuth, createLocalUser, UserExistsError } from '../auth/auth.ts';
import { loadOrCreateSecret } from '../auth/secret.ts';
import { ConfigError, loadConfig, loadEnvFileIfPresent } from '../config.ts';
import { createDb } from '../db/create-db.ts';
import { migrateToLatest } from '../db/migrate.ts';

const usage = 'Usage: npm run user:add -- --email E --password P --name N';

async function run(): Promise<number> {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
    strict: true,
  });
  const input = ownerSetupSchema.safeParse(values);
  if (!input.success) {
    console.error(
      `${usage}\n${input.error.issues.map((i) => `  --${i.path.join('.')}: ${i.message}`).join('\n')}`,
    );
    return 2;
  }
  loadEnvFileIfPresent();
  const config = loadConfig();
  const database = createDb(config.database);
  try {
    await migrateToLatest(database.db as never);
    const auth = createAuth({
      db: database.db,
      kind: database.kind,
      secret: loadOrCreateSecret(config.dataDir, config.authSecret),
      publicUrl: config.publicUrl,
      google: config.google,
    });
    const user = await createLocalUser(auth, input.data);
    console.info(`Bruger oprettet: ${user.name} <${user.email}>`);
    return 0;
  } catch (error) {
    if (error instanceof UserExistsError) {
      console.error(`Der findes allerede en bruger med e-mailen ${input.data.email}`);
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
