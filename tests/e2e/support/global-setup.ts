import { buildClientIfNeeded } from '../../../src/server/cli/build-client.ts';
import { SHOPS, type ShopName, seedShop } from './seeded-shops.ts';

/**
 * End-to-end tests run against the built client, served by the real server; the whole shops some of them open
 * (support/seeded-shops.ts) are seeded once per run, unless the run asks for none (E2E_SHOPS=none) or fewer.
 */
export default async function globalSetup() {
  await buildClientIfNeeded();
  const wanted = (process.env.E2E_SHOPS ?? Object.keys(SHOPS).join(','))
    .split(',')
    .filter((name): name is ShopName => name in SHOPS);
  for (const name of wanted) seedShop(name);
}
