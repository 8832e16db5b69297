import type { SourceFile } from './import-rules.ts';

/** The files that spell page paths: the table of screens and the few paths the login page needs. */
export const SCREEN_TABLE = ['src/shared/screens.ts', 'src/shared/public-pages.ts'];

const COMMENT_LINE = /^\s*(?:\*|\/\/|\/\*)/;
/** A string or template literal; a template may span lines, a quoted string does not. */
const LITERAL = /'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g;

/**
 * The first segment of every page path but '/' ('/customers' for '/customers/:id'): a literal that starts
 * with one of them names a page. The root '/' alone is left out: it is every other path's first character.
 */
export function pageRoots(pagePaths: readonly string[]): string[] {
  return [...new Set(pagePaths.flatMap((path) => /^\/[^/?#]+/.exec(path)?.[0] ?? []))];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The page paths written outside the table of screens: a string or template literal (its `${…}` left out)
 * that is a page path's first segment, alone or followed by '/', '?' or '#', also behind an origin. Comment
 * lines (trimmed start `*`, `//` or `/*`) and tests may name them (a test states the address it expects).
 * Returns each as 'file:line: literal'.
 */
export function pagePathsOutsideTable(files: readonly SourceFile[], pagePaths: readonly string[]): string[] {
  const roots = pageRoots(pagePaths);
  const page = new RegExp(`^(?:[a-z]+://[^/]*)?(?:${roots.map(escapeRegExp).join('|')})(?:[/?#]|$)`);
  const found: string[] = [];
  for (const file of files) {
    if (SCREEN_TABLE.includes(file.path) || /\.test\.tsx?$/.test(file.path)) continue;
    const code = file.source
      .split('\n')
      .map((line) => (COMMENT_LINE.test(line) ? '' : line))
      .join('\n');
    for (const match of code.matchAll(LITERAL)) {
      const text = match[0].slice(1, -1).replace(/\$\{[^}]*\}/g, '');
      if (!page.test(text)) continue;
      const line = code.slice(0, match.index).split('\n').length;
      found.push(`${file.path}:${line}: ${match[0]}`);
    }
  }
  return found;
}
