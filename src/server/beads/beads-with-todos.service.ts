/**
 * The bead list and bead page answers: each bead with its todos. It sits above the beads and todos services
 * (the todos service itself uses the beads service), so the modules import in one direction.
 */
import type { BeadWithTodos } from '../../shared/schemas/api-beads.ts';
import type { Db } from '../db/database.ts';
import { todosByBead } from '../todos/todos.service.ts';
import { getBead, listBeadsSorted } from './beads.service.ts';

/** Beads sorted by name (Danish collation) with their todos; soft-deleted beads only when asked for. */
export async function listBeadsWithTodos(
  db: Db,
  options: { includeDeleted: boolean },
): Promise<BeadWithTodos[]> {
  const [beads, todos] = await Promise.all([listBeadsSorted(db, options), todosByBead(db)]);
  return beads.map((bead) => ({ ...bead, todos: todos.get(bead.id) ?? [] }));
}

export async function getBeadWithTodos(db: Db, id: string): Promise<BeadWithTodos> {
  const bead = await getBead(db, id);
  return { ...bead, todos: (await todosByBead(db, [id])).get(id) ?? [] };
}
