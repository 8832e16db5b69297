import FactCheckIcon from '@mui/icons-material/FactCheck';
import { Box, Button, LinearProgress, Typography } from '@mui/material';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { isListedBead } from '../../../shared/domain/bead-rules.ts';
import { pathOf, screens } from '../../../shared/screens.ts';
import { texts } from '../../../shared/texts.ts';
import { useBeads } from '../../api/beads.ts';
import { useMoveStock, useStartCountRound, useStockCounts } from '../../api/stock.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { LoadingState } from '../../components/loading-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { CountCard, preloadPhoto } from '../../features/stock/count-card.tsx';
import {
  countedInRound,
  type LatestCount,
  nextToCount,
  readCountPosition,
  writeCountPosition,
} from '../../features/stock/count-round.ts';
import { newIdempotencyKey } from '../../lib/idempotency.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { rememberedUser } from '../../lib/remembered-user.ts';
import { Link } from '../../lib/router.tsx';

const t = texts.stock.countScreen;

/**
 * Optælling (/stocktake, docs/product/stock.md): the catalogue one bead at a time in Nåle's order, from where she
 * stopped on this device, the beads this round has not counted. A count goes out as an offline write and the next
 * bead shows at once, without waiting for the answer; "312 af 2.000 talt" counts this round's beads.
 */
export function StockCountPage() {
  const beads = useBeads();
  const counts = useStockCounts();
  const { send } = useMoveStock();
  const startRound = useStartCountRound();
  const userId = rememberedUser()?.id;
  const [position, setPosition] = useState<string | null>(() => readCountPosition(userId));
  /** Counted on this screen since it opened: counted at once, before any answer. */
  const [countedHere, setCountedHere] = useState<ReadonlyMap<string, LatestCount>>(new Map());
  const [confirmRound, setConfirmRound] = useState(false);
  /** What she saved last, shown over the next bead so she knows it went in. */
  const [lastSaved, setLastSaved] = useState<{ name: string; quantity: number } | null>(null);

  const listed = useMemo(() => (beads.data ?? []).filter(isListedBead), [beads.data]);
  const latest = useMemo(
    () => new Map((counts.data?.counts ?? []).map(({ beadId, ...count }) => [beadId, count])),
    [counts.data],
  );
  const roundStartedAt = counts.data?.roundStartedAt ?? null;
  const latestOf = (id: string) => countedHere.get(id) ?? latest.get(id);
  const isCounted = (bead: { id: string }) => countedInRound(latestOf(bead.id), roundStartedAt);
  const done = listed.reduce((sum, bead) => sum + (isCounted(bead) ? 1 : 0), 0);
  const current = nextToCount(listed, isCounted, position);
  const following = current
    ? nextToCount(listed, (bead) => bead.id === current.id || isCounted(bead), current.id)
    : null;

  // The next bead's photo is on its way while she counts this one.
  const followingPhoto = following?.photoId;
  useEffect(() => preloadPhoto(followingPhoto), [followingPhoto]);

  const moveOn = (beadId: string) => {
    writeCountPosition(userId, beadId);
    setPosition(beadId);
  };
  const save = (quantity: number) => {
    if (!current) return;
    const countedAt = new Date().toISOString();
    setCountedHere((map) => new Map(map).set(current.id, { countedAt, lastCount: quantity }));
    setLastSaved({ name: current.name, quantity });
    moveOn(current.id);
    const bead = current;
    send(bead.id, { kind: 'count', quantity, countedAt }, newIdempotencyKey()).catch((error: unknown) => {
      setCountedHere((map) => {
        const next = new Map(map);
        next.delete(bead.id);
        return next;
      });
      notifyError(error, `${bead.name}: `);
    });
  };

  const progress = listed.length === 0 ? 0 : (done / listed.length) * 100;
  let content: ReactNode;
  if ((beads.isPending && !beads.data) || (counts.isPending && !counts.data)) {
    content = <LoadingState label={t.loading} />;
  } else if (beads.isError || counts.isError) {
    content = (
      <EmptyState
        title={t.loadFailed}
        description={(beads.error ?? counts.error)?.message}
        actions={
          <Button onClick={() => Promise.all([beads.refetch(), counts.refetch()])}>
            {texts.beads.retry}
          </Button>
        }
      />
    );
  } else if (listed.length === 0) {
    content = <EmptyState icon={<FactCheckIcon />} title={t.empty} description={t.emptyBody} />;
  } else if (!current) {
    content = (
      <EmptyState
        icon={<FactCheckIcon />}
        title={t.allCounted}
        description={t.allCountedBody}
        actions={
          <Button variant="contained" onClick={() => setConfirmRound(true)}>
            {t.newRound}
          </Button>
        }
      />
    );
  } else {
    content = (
      <CountCard
        bead={current}
        latest={latestOf(current.id)}
        onSave={save}
        onSkip={() => moveOn(current.id)}
      />
    );
  }

  return (
    <>
      <PageHeader
        title={t.title}
        actions={
          current && (
            <Button component={Link} to={pathOf(screens.bead, { id: current.id })} size="small">
              {t.openBead}
            </Button>
          )
        }
      />
      {listed.length > 0 && (
        <Box sx={{ mb: 2 }}>
          <Typography sx={{ fontWeight: 600 }} aria-live="polite">
            {t.progress(done, listed.length)}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={progress}
            sx={{ mt: 0.75, height: 8, borderRadius: 4 }}
          />
          <Typography variant="body2" color="text.secondary" role="status" sx={{ mt: 0.75, minHeight: 20 }}>
            {lastSaved ? t.savedLast(lastSaved.name, lastSaved.quantity) : ''}
          </Typography>
        </Box>
      )}
      {content}
      <ConfirmDialog
        open={confirmRound}
        title={t.newRound}
        text={t.newRoundConfirm}
        confirmLabel={t.newRound}
        pending={startRound.isPending}
        onCancel={() => setConfirmRound(false)}
        onConfirm={() =>
          startRound.mutate(undefined, {
            onSuccess: () => {
              setCountedHere(new Map());
              setConfirmRound(false);
              notifySuccess(t.roundStarted);
            },
            onError: (error) => notifyError(error),
          })
        }
      />
    </>
  );
}
