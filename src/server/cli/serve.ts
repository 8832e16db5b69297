import { main } from '../main.ts';

// The server alone, without building the client (used by `npm run dev` and the end-to-end tests).
await main();
