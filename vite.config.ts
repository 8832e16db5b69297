import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { rolldown } from 'rolldown';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { FIRST_READ_URLS, SESSION_URL } from './src/client/api/first-reads.ts';
import { PHOTO_CACHES } from './src/client/lib/photo-url.ts';
import { metaTag } from './src/shared/page-contract.ts';
import { screenList, screens } from './src/shared/screens.ts';

const apiPort = Number(process.env.API_PORT ?? 3001);

/** The app and the login page: the two modules src/client/entry.ts chooses between. */
const APP_MODULE = 'src/client/main.tsx';
const LOGIN_MODULE = 'src/client/login/login-page.ts';
/** The signed-in app's frame (app bar, drawer), loaded with every page. */
const SHELL_MODULE = 'src/client/app/app-shell.tsx';
/** A screen's page module (src/shared/screens.ts, `page`). */
const pageModule = (page: string) => `src/client/app/routes/${page}-page.tsx`;

/**
 * Writes a .br (brotli, best) and a .gz (gzip, best) twin of every text asset above 1 kB after the build;
 * @fastify/static's `preCompressed` serves them to browsers that accept them, so no asset is compressed per
 * request. It runs last, after vite-plugin-pwa has written sw.js and its workbox runtime, so those get twins
 * too (and the service worker's precache list, made before, holds no twin).
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'naalepuden-precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        for (const entry of fs.readdirSync(outDir, { recursive: true, withFileTypes: true })) {
          if (!entry.isFile() || !/\.(js|mjs|css|html|svg|json|webmanifest|txt)$/.test(entry.name)) continue;
          const file = path.join(entry.parentPath, entry.name);
          const content = fs.readFileSync(file);
          if (content.length < 1024) continue;
          fs.writeFileSync(
            `${file}.br`,
            zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
          );
          fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
        }
      },
    },
  };
}

/**
 * The script files of the signed-in shell and of each screen's page (src/shared/screens.ts) that the entry
 * does not already load, for the boot script (src/client/boot/boot.ts): `files` once, then the indexes of the shell's and each path's.
 * Without it the shell and the page were asked for only after the entry script had arrived and run (on a
 * slow phone connection one more round trip plus the entry's run before the page's code even starts).
 */
function entryTables(bundle: Rolldown.OutputBundle, root: string) {
  const chunks = Object.values(bundle).filter((item): item is Rolldown.OutputChunk => item.type === 'chunk');
  const byModule = new Map(
    chunks.flatMap((chunk) => (chunk.facadeModuleId ? [[chunk.facadeModuleId, chunk]] : [])),
  );
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (start: Rolldown.OutputChunk, skip: ReadonlySet<string>): string[] => {
    const seen: string[] = [];
    const visit = (chunk: Rolldown.OutputChunk) => {
      if (skip.has(chunk.fileName) || seen.includes(chunk.fileName)) return;
      seen.push(chunk.fileName);
      for (const file of chunk.imports) {
        const next = byFile.get(file);
        if (next) visit(next);
      }
    };
    visit(start);
    return seen;
  };
  // The chunk that holds a module: its facade, or (when the bundler gave the chunk no facade, as it does for
  // the modules src/client/entry.ts imports) the one chunk listing it.
  const chunkOf = (module: string) => {
    const id = path.resolve(root, module);
    const chunk = byModule.get(id) ?? chunks.find((candidate) => candidate.moduleIds.includes(id));
    if (!chunk) throw new Error(`paintFirst: no chunk for ${module}`);
    return chunk;
  };
  const entries = chunks.filter((chunk) => chunk.isEntry);
  const inEntry = new Set(entries.flatMap((entry) => closure(entry, new Set())));
  // src/client/entry.ts chooses between the login page and the app, each a dynamic import of its own.
  const app = closure(chunkOf(APP_MODULE), inEntry);
  const login = closure(chunkOf(LOGIN_MODULE), inEntry);
  const withApp = new Set([...inEntry, ...app]);
  const shell = closure(chunkOf(SHELL_MODULE), withApp);
  const withShell = new Set([...withApp, ...shell]);
  const files: string[] = [];
  const indexOf = (file: string) => {
    if (!files.includes(file)) files.push(file);
    return files.indexOf(file);
  };
  const shellIndexes = shell.map(indexOf);
  // In the table's order: the boot script takes the first path that matches (shared/paths.ts), as the router does.
  const routes = screenList.map(
    (screen) =>
      [screen.path, closure(chunkOf(pageModule(screen.page)), withShell).map(indexOf)] as [string, number[]],
  );
  return {
    app: app.map((file) => `/${file}`),
    login: login.map((file) => `/${file}`),
    routeChunks: { files: files.map((file) => `/${file}`), shell: shellIndexes, routes },
  };
}

/**
 * The built page paints its loading skeleton before any script runs: the entry script and its modulepreload
 * links become meta tables that the inline boot script (src/client/boot/boot.ts) reads after the first frame. Without this the browser may
 * hold the first paint until the scripts have arrived (2.4 s on a slow phone connection instead of 0.7 s).
 */
function paintFirst(): Plugin {
  let root = process.cwd();
  return {
    name: 'naalepuden-paint-first',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, context) {
        if (!context.bundle) throw new Error('paintFirst: no bundle');
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
        if (!entry) throw new Error('paintFirst: no entry script in index.html');
        const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
        let out = html.replace(entry[0], '');
        for (const preload of preloads) out = out.replace(preload[0], '');
        const tables = entryTables(context.bundle, root);
        // The app's files (what the entry's own preloads were, and what it imports to start the app) for every
        // path but the login page's, which asks for its own few.
        const app = [...new Set([...preloads.map((p) => p[1] as string), ...tables.app])];
        // The tables the boot script reads (shared/page-contract.ts), then the boot script itself, inline.
        const boot = await inlineScript(path.resolve(root, BOOT_MODULE), 'esm');
        const tags = [
          metaTag('entry', entry[1] as string),
          metaTag('preload', app),
          metaTag('login', tables.login),
          metaTag('firstReads', { session: SESSION_URL, paths: FIRST_READ_URLS }),
          metaTag('routeChunks', tables.routeChunks),
          `<script type="module">${boot}</script>`,
        ].join('\n    ');
        // The tap holder runs before anything is painted: inline, first in the head (the server allows both
        // inline scripts by their hashes, src/server/http/inline-scripts.ts).
        const holdTaps = `<script>${await inlineScript(path.resolve(root, HOLD_TAPS_MODULE))}</script>`;
        out = out.replace(/<meta charset="UTF-8" \/>/, (charset) => `${charset}\n    ${holdTaps}`);
        if (!out.includes(holdTaps))
          throw new Error('paintFirst: no <meta charset> to put the tap holder after');
        return out.replace('</head>', () => `${tags}\n  </head>`);
      },
    },
  };
}

/** The page's first script (src/client/boot/hold-taps.ts): JSAction's idea, taps held until the app is there. */
const HOLD_TAPS_MODULE = 'src/client/boot/hold-taps.ts';
/** The page's boot script: first reads, the page's code, then the entry (src/client/boot/boot.ts). */
const BOOT_MODULE = 'src/client/boot/boot.ts';

/**
 * A module bundled into one small script for an inline <script> element (no imports left, minified): a classic
 * script (`iife`) or a module script's text (`esm`).
 */
async function inlineScript(file: string, format: 'iife' | 'esm' = 'iife'): Promise<string> {
  const result = await rolldown({ input: file, platform: 'browser', logLevel: 'silent' });
  const { output } = await result.generate({ format, minify: true });
  await result.close();
  const code = output[0].code.trim();
  if (code.includes('</script')) throw new Error(`${file}: the inline script would end early`);
  return code;
}

/**
 * The installable app (issue 13): the web app manifest and a service worker that precaches the app shell.
 * The worker is registered from code after the first screen (src/client/lib/service-worker.ts), asks before
 * it takes over (`prompt`: the owner sees "Ny version klar" and chooses when to reload) and answers nothing
 * of /api/ but the bead photos; navigations to /api/ go to the network. Development (Vite middleware) has no
 * service worker.
 *
 * Bead photos (decision 0016) are kept cache-first, since a photo's URL names its content and never changes:
 * every thumbnail seen (Nåle shows the catalogue's pictures offline) and the display images and share JPEGs
 * viewed recently, each cache bounded by entries with the least recently used going first (workbox counts
 * entries, not bytes): about 2,500 thumbnails of ~8–15 kB (≤ ~30 MB) and 100 display images of ~100–200 kB
 * (≤ ~20 MB), 50 MB together. Only answers with status 200 are kept (never a 401 of a signed-out page).
 */
function installableApp() {
  return VitePWA({
    strategies: 'generateSW',
    registerType: 'prompt',
    injectRegister: null,
    devOptions: { enabled: false },
    includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
    manifest: {
      name: 'Nålepuden',
      short_name: 'Nålepuden',
      description: 'Nålepuden – hjælper til en lille perlebutik: kunder, ordrer, perler og todos.',
      lang: 'da',
      dir: 'ltr',
      id: '/',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      // Android: text shared from Messenger opens 'Indsæt besked' with it (docs/product/messages.md); the iPhone
      // has no share target, so there she pastes.
      share_target: {
        action: screens.customers.path,
        method: 'GET',
        enctype: 'application/x-www-form-urlencoded',
        params: { title: 'emne', text: 'besked', url: 'link' },
      },
      theme_color: '#7b2d55',
      background_color: '#f7f3f5',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      // The final index.html (after paintFirst, its scripts inline), every built chunk and stylesheet; the
      // icons, favicon and manifest come from includeAssets and the manifest above.
      globPatterns: ['**/*.{js,css,html}'],
      globIgnores: ['**/node_modules/**/*', '**/*.br', '**/*.gz'],
      navigateFallback: '/index.html',
      navigateFallbackDenylist: [/^\/api\//],
      cleanupOutdatedCaches: true,
      runtimeCaching: [
        {
          urlPattern: ({ url, sameOrigin }) =>
            sameOrigin && /^\/api\/photos\/[A-Za-z0-9_-]{22}\/thumb$/.test(url.pathname),
          handler: 'CacheFirst',
          options: {
            cacheName: PHOTO_CACHES.thumbs,
            expiration: { maxEntries: 2500, purgeOnQuotaError: true },
            cacheableResponse: { statuses: [200] },
          },
        },
        {
          urlPattern: ({ url, sameOrigin }) =>
            sameOrigin && /^\/api\/photos\/[A-Za-z0-9_-]{22}\/(display|jpeg)$/.test(url.pathname),
          handler: 'CacheFirst',
          options: {
            cacheName: PHOTO_CACHES.viewed,
            expiration: { maxEntries: 100, purgeOnQuotaError: true },
            cacheableResponse: { statuses: [200] },
          },
        },
      ],
    },
  });
}

export default defineConfig({
  plugins: [react(), paintFirst(), installableApp(), precompress()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      // Each icon used by several pages was a chunk of its own (~0.4 kB): Puden loaded 64 script files, and on
      // HTTP/1.1 (six connections) over a phone's link the number of files costs round trips. Icon modules hold
      // no state, so the small common chunks made only of them are copied into the chunks that use them
      // (41 files for Puden; Lighthouse /orders and /todos LCP about 0.5 s sooner, docs/performance.md). Other
      // modules stay single: a copied module would duplicate its state (React contexts, the emotion cache).
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          experimentalInlineCommonChunks: {
            maxSize: 4 * 1024,
            exclude: (id: string) => !/node_modules[\\/]@mui[\\/]icons-material[\\/]/.test(id),
          },
        },
      },
    },
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    host: true,
    proxy: { '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
  },
});
