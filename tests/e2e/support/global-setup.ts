import { buildClientIfNeeded } from '../../../src/server/cli/build-client.ts';

/** End-to-end tests run against the built client, served by the real server. */
export default async function globalSetup() {
  await buildClientIfNeeded();
}
