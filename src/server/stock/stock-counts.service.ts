/**
 * The counting screen's facts besides the bead list (docs/product/stock.md): when the current round started
 * (the shop's settings) and every counted bead's latest count (the beads' stock).
 */
import type { StockCounts } from '../../shared/schemas/api-stock.ts';
import { listLatestCounts } from '../beads/stock.service.ts';
import type { Db } from '../db/database.ts';
import { countRoundStartedAt } from '../settings/settings.service.ts';

export async function getStockCounts(db: Db): Promise<StockCounts> {
  const [roundStartedAt, counts] = await Promise.all([countRoundStartedAt(db), listLatestCounts(db)]);
  return { roundStartedAt, counts };
}
