/**
 * The counting screen's rules (docs/product/stock.md): which beads this round has counted, how far she is, and
 * which bead comes next. Pure, so the screen and its tests share them.
 */

/** A bead's latest count, as GET /api/stock/counts gives it. */
export type LatestCount = { countedAt: string; lastCount: number };

/** Counted in this round: counted at or after the round began; in the first round (no start) counted at all. */
export function countedInRound(latest: LatestCount | undefined, roundStartedAt: string | null): boolean {
  if (!latest) return false;
  return roundStartedAt === null || latest.countedAt >= roundStartedAt;
}

/**
 * The next bead to count after `afterId` in the list's order (Nåle's), wrapping round to the start, that this
 * round has not counted; null when every bead is counted. Without `afterId` (or one no longer listed) it starts
 * at the top.
 */
export function nextToCount<B extends { id: string }>(
  beads: readonly B[],
  isCounted: (bead: B) => boolean,
  afterId: string | null,
): B | null {
  if (beads.length === 0) return null;
  const from = afterId === null ? -1 : beads.findIndex((bead) => bead.id === afterId);
  for (let step = 1; step <= beads.length; step++) {
    const bead = beads[(from + step + beads.length) % beads.length];
    if (bead && !isCounted(bead)) return bead;
  }
  return null;
}

const POSITION_KEY = 'naalepuden-stocktake';

/** Where she stopped on this device (the last bead she counted or skipped), per user; null: the start. */
export function readCountPosition(userId: string | undefined): string | null {
  try {
    return globalThis.localStorage?.getItem(`${POSITION_KEY}:${userId ?? ''}`) ?? null;
  } catch {
    return null;
  }
}

export function writeCountPosition(userId: string | undefined, beadId: string): void {
  try {
    globalThis.localStorage?.setItem(`${POSITION_KEY}:${userId ?? ''}`, beadId);
  } catch {
    // Private mode: she starts from the first bead not counted next time, which is nearly the same.
  }
}
