/**
 * The counting screen's facts besides the bead list (docs/product/stock.md): when the current round started
 * and every counted bead's latest count, and 'Start en ny optælling'. The round's start is a column of the
 * shop's settings row, read and written through the settings service (its repository is its own).
 */
import { nowIso } from '../../shared/domain/dates.ts';
import type { CountRound, StockCounts } from '../../shared/schemas/api-stock.ts';
import { recordChange } from '../changes/change-log.service.ts';
import type { Db } from '../db/database.ts';
import { inTransaction } from '../db/transaction.ts';
import { countRoundStartedAt, setCountRoundStartedAt } from '../settings/settings.service.ts';
import { listLatestCounts } from './stock.service.ts';

export async function getStockCounts(db: Db): Promise<StockCounts> {
  const [roundStartedAt, counts] = await Promise.all([countRoundStartedAt(db), listLatestCounts(db)]);
  return { roundStartedAt, counts };
}

/**
 * 'Start en ny optælling': from now on the counting screen counts a bead as counted once it is counted again.
 * The stock itself stays as it is.
 */
export function startCountRound(db: Db): Promise<CountRound> {
  return inTransaction(db, async (trx) => {
    const roundStartedAt = nowIso();
    await setCountRoundStartedAt(trx, roundStartedAt);
    recordChange(trx, { entity: 'stock', id: null, action: 'round' });
    return { roundStartedAt };
  });
}
