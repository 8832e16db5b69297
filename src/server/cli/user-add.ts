import { parseArgs } from 'node:util';
import { ownerSetupSchema } from '../../shared/schemas/auth.ts';
import { createAuth, createLocalUser, UserExistsError } from '../auth/auth.ts';
import { loadOrCreateSecret } from '../auth/secret.ts';
import { runCommand, withShop } from './bootstrap.ts';

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
  return withShop(async ({ config, database }) => {
    const auth = createAuth({
      db: database.db,
      kind: database.kind,
      secret: loadOrCreateSecret(config.dataDir, config.authSecret),
      publicUrl: config.publicUrl,
      google: config.google,
    });
    try {
      const user = await createLocalUser(auth, input.data);
      console.info(`Bruger oprettet: ${user.name} <${user.email}>`);
      return 0;
    } catch (error) {
      if (!(error instanceof UserExistsError)) throw error;
      console.error(`Der findes allerede en bruger med e-mailen ${input.data.email}`);
      return 1;
    }
  });
}

await runCommand(run);
