import { z } from 'zod';

/**
 * zod's Danish messages for any check that does not carry its own text, so no English ever
 * reaches the owner. Imported once at start by the server (app.ts) and the client (main.tsx).
 */
z.config(z.locales.da());
