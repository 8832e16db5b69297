import { z } from 'zod';

/**
 * zod's Danish messages for any check that does not carry its own text, so no English ever
 * reaches the owner. Imported by the server (app.ts) and by each client module that validates a form
 * with zod (not by the client's entry: the login page does without zod).
 */
z.config(z.locales.da());
