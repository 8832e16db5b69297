import { describe, expect, it } from 'vitest';
import { countedInRound, nextToCount } from './count-round.ts';

const beads = ['a', 'b', 'c', 'd'].map((id) => ({ id }));

describe('the counting round', () => {
  it('counts a bead counted since the round began, or at all in the first round', () => {
    const latest = { countedAt: '2026-03-02T10:00:00.000Z', lastCount: 4 };
    expect(countedInRound(undefined, null)).toBe(false);
    expect(countedInRound(latest, null)).toBe(true);
    expect(countedInRound(latest, '2026-03-01T00:00:00.000Z')).toBe(true);
    expect(countedInRound(latest, '2026-03-03T00:00:00.000Z')).toBe(false);
  });

  it('goes on after where she stopped, skips what is counted, wraps round to what she skipped', () => {
    const counted = new Set(['b']);
    const isCounted = (bead: { id: string }) => counted.has(bead.id);
    expect(nextToCount(beads, isCounted, null)?.id).toBe('a');
    expect(nextToCount(beads, isCounted, 'a')?.id).toBe('c');
    expect(nextToCount(beads, isCounted, 'd')?.id).toBe('a');
    expect(nextToCount(beads, isCounted, 'gone')?.id).toBe('a');
    counted.add('a').add('c').add('d');
    expect(nextToCount(beads, isCounted, 'c')).toBeNull();
    expect(nextToCount([], isCounted, null)).toBeNull();
  });
});
