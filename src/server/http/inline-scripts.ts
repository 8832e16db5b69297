import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The Content Security Policy's sources for the built page's inline scripts (the tap holder that runs before the
 * first paint, src/client/boot/hold-taps.ts, and the boot script, boot/boot.ts): each allowed by the hash of its text, so `script-src` still allows
 * no other inline script. None without a built client.
 */
export function inlineScriptSources(distDir: string): string[] {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) return [];
  return inlineScriptHashes(fs.readFileSync(indexFile, 'utf8'));
}

/** `'sha256-…'` for every inline script of `html` (a classic or a module script; not a data block). */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?: type="module")?>([\s\S]*?)<\/script>/g)].map(
    ([, text = '']) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`,
  );
}
