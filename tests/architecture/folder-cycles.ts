/**
 * Folder cycles anywhere under src/ (docs/architecture.md): an edge A → B when a non-test file in A imports a
 * file in B (types included: a type-only cycle still ties the folders together). Pure, so a test can feed it a
 * deliberate cycle.
 *
 * Two views, each searched for cycles:
 *   - every folder on its own (src/server/db and src/server/db/migrations are two);
 *   - each tree's top-level folders with everything below them (src/server/db with its migrations,
 *     src/client/features as one), so a cycle that passes through a subfolder is not missed.
 * A file directly in src/server, src/client or src/shared is a node of its own (src/server/main.ts): that level
 * holds both what assembles everything (app.ts imports every module) and what everything uses (errors.ts,
 * config.ts), so taken as one folder it would be a cycle by construction, and it would hide a real one such
 * as main.ts ↔ cli/.
 */
import path from 'node:path';
import { importsOf, type SourceFile } from './import-rules.ts';

const TREE_ROOT = /^src\/(server|client|shared)$/;
const isTest = (p: string) => /\.test\.tsx?$/.test(p);
const isSource = (p: string) => p.startsWith('src/') && /\.tsx?$/.test(p);

/** The folder a file belongs to, each folder on its own; a file at a tree's root is its own node. */
function ownFolder(file: string): string {
  const dir = path.posix.dirname(file);
  return TREE_ROOT.test(dir) ? file : dir;
}

/** The tree's top-level folder a file lies in (src/server/db for src/server/db/migrations/x.ts). */
function topFolder(file: string): string {
  const [src, tree, first, ...rest] = file.split('/');
  return rest.length === 0 ? file : `${src}/${tree}/${first}`;
}

/** Each cycle as 'a → b → … → a', one per group of folders that reach each other; empty when none. */
export function folderCycles(files: readonly SourceFile[]): string[] {
  const cycles = new Set<string>();
  for (const nodeOf of [ownFolder, topFolder]) {
    const edges = new Map<string, Set<string>>();
    for (const file of files) {
      if (isTest(file.path) || !isSource(file.path)) continue;
      const from = nodeOf(file.path);
      for (const ref of importsOf(file)) {
        if (!isSource(ref.target)) continue;
        const to = nodeOf(ref.target);
        if (to === from) continue;
        if (!edges.has(from)) edges.set(from, new Set());
        edges.get(from)?.add(to);
      }
    }
    for (const cycle of cyclesOf(edges)) cycles.add(cycle.join(' → '));
  }
  return [...cycles].sort();
}

/**
 * One cycle per strongly connected group (Tarjan's algorithm): the shortest way from the group's
 * alphabetically first node (a folder, or a file for file-cycles.ts) back to itself.
 */
export function cyclesOf(edges: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  let counter = 0;
  const connect = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1) groups.push(group);
  };
  for (const node of edges.keys()) if (!index.has(node)) connect(node);

  return groups.map((group) => {
    const members = new Set(group);
    const start = [...group].sort()[0] as string;
    // Breadth first from the start until an edge leads back to it.
    const cameFrom = new Map<string, string>();
    const queue = [start];
    for (let at = 0; at < queue.length; at++) {
      const node = queue[at] as string;
      for (const next of [...(edges.get(node) ?? [])].sort()) {
        if (next === start) {
          const trail = [node];
          while (trail[0] !== start) trail.unshift(cameFrom.get(trail[0] as string) as string);
          return [...trail, start];
        }
        if (members.has(next) && !cameFrom.has(next)) {
          cameFrom.set(next, node);
          queue.push(next);
        }
      }
    }
    return [...group, group[0] as string];
  });
}
