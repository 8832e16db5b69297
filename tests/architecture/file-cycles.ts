/**
 * File cycles (docs/architecture.md): an edge A → B when file A imports file B, types and dynamic imports
 * included (a type-only or a lazy import still means A cannot be read without B). Where the folder check
 * (folder-cycles.ts) looks at folders, this one looks inside them too, and at every tree: a cycle between two
 * files of one folder is a knot the folder view cannot see. Pure, so a test can feed it a deliberate cycle.
 */
import { cyclesOf } from './folder-cycles.ts';
import { importsOf, type SourceFile } from './import-rules.ts';

/** Each cycle as 'a → b → … → a', one per group of files that reach each other; empty when none. */
export function fileCycles(files: readonly SourceFile[]): string[] {
  const known = new Set(files.map((file) => file.path));
  const edges = new Map<string, Set<string>>();
  for (const file of files) {
    for (const ref of importsOf(file)) {
      if (!known.has(ref.target) || ref.target === file.path) continue;
      if (!edges.has(file.path)) edges.set(file.path, new Set());
      edges.get(file.path)?.add(ref.target);
    }
  }
  return cyclesOf(edges)
    .map((cycle) => cycle.join(' → '))
    .sort();
}
