import { defineConfig } from 'vitest/config';

// Runs the architecture test alone: npx vitest run -c tests/architecture/vitest.config.ts
export default defineConfig({
  test: { root: process.cwd(), include: ['tests/architecture/**/*.test.ts'], environment: 'node' },
});
