/**
 * The bead page's answer: a bead with its todos. It sits above the beads and todos services
 * (the todos service itself uses the beads service), so the modules import in one direction.
 */
import type { BeadWithTodos } from '../../shared/schemas/api-beads.ts';
import { getBead } from '../beads/beads.service.ts';
import type { Db } from '../db/database.ts';
import { todosByBead } from '../todos/todos.service.ts';

export async function getBeadWithTodos(db: Db, id: string): Promise<BeadWithTodos> {
  const bead = await getBead(db, id);
  return { ...bead, todos: (await todosByBead(db, [id])).get(id) ?? [] };
}
