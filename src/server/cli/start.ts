import { buildClientIfNeeded } from './build-client.ts';

await buildClientIfNeeded();
const { main } = await import('../main.ts');
await main();
