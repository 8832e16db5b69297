import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const apiPort = Number(process.env.API_PORT ?? 3001);

/**
 * Writes a .br (brotli, best) and a .gz (gzip, best) twin of every text asset above 1 kB after the build;
 * @fastify/static's `preCompressed` serves them to browsers that accept them, so no asset is compressed per
 * request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'naalepuden-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
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
  };
}

/**
 * The built page paints its loading skeleton before any script runs: the entry script and its modulepreload
 * links become two meta tags that public/boot.js reads after the first frame. Without this the browser may
 * hold the first paint until the scripts have arrived (2.4 s on a slow phone connection instead of 0.7 s).
 */
function paintFirst(): Plugin {
  return {
    name: 'naalepuden-paint-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
        if (!entry) throw new Error('paintFirst: no entry script in index.html');
        const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
        let out = html.replace(entry[0], '');
        for (const preload of preloads) out = out.replace(preload[0], '');
        const tags =
          `<meta name="naalepuden-entry" content="${entry[1]}" />\n` +
          `    <meta name="naalepuden-preload" content="${preloads.map((p) => p[1]).join(' ')}" />\n` +
          '    <script type="module" src="/boot.js"></script>\n  ';
        return out.replace('</head>', `${tags}</head>`);
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress(), paintFirst()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 900,
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    host: true,
    proxy: { '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
  },
});
