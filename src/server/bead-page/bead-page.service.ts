/**
 * The bead page's answer: a bead with its todos, its photos and its stock history ('Lagerhistorik'). It sits
 * above the beads, todos and photos services (the todos and photos services use the beads service), so the
 * modules import in one direction.
 */
import type { BeadWithTodos } from '../../shared/schemas/api-beads.ts';
import { getBead } from '../beads/beads.service.ts';
import type { Db } from '../db/database.ts';
import { listBeadPhotos } from '../photos/photos.service.ts';
import { stockHistory } from '../stock/stock.service.ts';
import { todosByBead } from '../todos/todos.service.ts';

export async function getBeadWithTodos(db: Db, id: string): Promise<BeadWithTodos> {
  const bead = await getBead(db, id);
  const [todos, photos, history] = await Promise.all([
    todosByBead(db, [id]),
    listBeadPhotos(db, id),
    stockHistory(db, id),
  ]);
  return { ...bead, todos: todos.get(id) ?? [], photos, stockHistory: history };
}
