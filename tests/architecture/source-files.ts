import fs from 'node:fs';
import path from 'node:path';
import type { SourceFile } from './import-rules.ts';

/** Every .ts/.tsx file under `dir`, with its repository path ('src/server/app.ts') and text. */
export function sourceFiles(dir: string): SourceFile[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => {
      const full = path.join(entry.parentPath, entry.name);
      return {
        path: path.relative(process.cwd(), full).split(path.sep).join('/'),
        source: fs.readFileSync(full, 'utf8'),
      };
    });
}
