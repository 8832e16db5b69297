import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Box, Button, Card, CardContent, Chip, Divider, IconButton, Typography } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { formatKr } from '../../../shared/domain/money.ts';
import type { BeadWithTodos } from '../../../shared/schemas/api-beads.ts';
import { screens } from '../../../shared/screens.ts';
import { texts } from '../../../shared/texts.ts';
import { useBead, useDeleteBead, useSetBeadPrice } from '../../api/beads.ts';
import { BeadThumb } from '../../components/bead-thumb.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { Hint } from '../../components/hint.tsx';
import { LoadingState } from '../../components/loading-state.tsx';
import { StockText } from '../../components/stock-text.tsx';
import { AddToCustomersCard } from '../../features/beads/add-to-customers-card.tsx';
import { GalleryPlaceholder } from '../../features/beads/bead-gallery-frame.tsx';
import { StockHistory } from '../../features/stock/stock-history.tsx';
import { StockSection } from '../../features/stock/stock-section.tsx';
import { ApiError } from '../../lib/api-error.ts';
import { lazyDialog } from '../../lib/lazy-dialog.tsx';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { Link, useNavigate, useScreenParams } from '../../lib/router.tsx';

// The gallery (and through it the photo code) loads beside the bead's data rather than with the page's code; its
// place is held by a placeholder of its exact size (bead-gallery-frame.tsx).
const BeadGallery = lazy(async () => ({
  default: (await import('../../features/beads/bead-gallery.tsx')).BeadGallery,
}));

const PriceDialog = lazyDialog(async () => (await import('../../components/price-dialog.tsx')).PriceDialog);

const t = texts.beads;

function BackLink() {
  return (
    <Button
      component={Link}
      to={screens.beads.path}
      startIcon={<ArrowBackIcon />}
      sx={{ alignSelf: 'flex-start', ml: -1 }}
    >
      {t.backToList}
    </Button>
  );
}

function DetailRow({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 1.25 }}>
      <Typography component="dt" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 600, textAlign: 'right' }}>
        {value}
      </Typography>
    </Box>
  );
}

function BeadCard({ bead }: { bead: BeadWithTodos }) {
  const navigate = useNavigate();
  const setPrice = useSetBeadPrice(bead.id);
  const deleteBead = useDeleteBead(bead.id);
  const [priceOpen, setPriceOpen] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);

  const confirmDelete = () =>
    deleteBead.mutate(undefined, {
      onSuccess: () => {
        notifySuccess(t.deleted);
        navigate(screens.beads.path, { replace: true });
      },
      onError: (error) => {
        setConfirmOpen(false);
        notifyError(error);
      },
    });

  return (
    <Card>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <BeadThumb photoId={bead.photoId} name={bead.name} size={56} />
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="h1" sx={{ overflowWrap: 'break-word', hyphens: 'auto' }}>
              {bead.name}
            </Typography>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mt: 0.75 }}>
              {bead.saleType && (
                <Chip
                  icon={<LocalOfferIcon />}
                  label={t.onOffer}
                  size="small"
                  color="warning"
                  variant="outlined"
                />
              )}
              <StockText stock={bead.stock} />
            </Box>
          </Box>
          <Hint title={texts.common.changePrice}>
            <IconButton
              aria-label={texts.common.changePrice}
              onClick={() => setPriceOpen(true)}
              color="primary"
            >
              <EditIcon />
            </IconButton>
          </Hint>
        </Box>
        <Box sx={{ mt: 2 }}>
          <Suspense fallback={<GalleryPlaceholder bead={bead} />}>
            <BeadGallery bead={bead} />
          </Suspense>
        </Box>
        <Box component="dl" sx={{ m: 0, mt: 2 }}>
          <Divider />
          <DetailRow label={t.detail.priceRow} value={formatKr(bead.priceOre)} />
          <Divider />
          <DetailRow label={t.detail.offerRow} value={bead.saleType ?? t.noOffer} />
          <Divider />
          <StockSection bead={bead} />
        </Box>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
          <Button color="error" startIcon={<DeleteOutlineIcon />} onClick={() => setConfirmOpen(true)}>
            {t.delete}
          </Button>
        </Box>
      </CardContent>
      <PriceDialog
        open={priceOpen}
        beadName={bead.name}
        priceOre={bead.priceOre}
        saleType={bead.saleType}
        onCancel={() => setPriceOpen(false)}
        onSubmit={async (value) => {
          await setPrice.mutateAsync(value);
          notifySuccess(t.priceSaved);
          setPriceOpen(false);
        }}
      />
      <ConfirmDialog
        open={confirmOpen}
        title={t.deleteConfirmTitle}
        text={t.deleteConfirmText(bead.name)}
        pending={deleteBead.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setConfirmOpen(false)}
      />
    </Card>
  );
}

/**
 * Bead detail (/needles/:id): the bead with its photos (decision 0016), its price dialog, soft delete, adding
 * it to customers' orders, and its stock with 'Lagerhistorik' (docs/product/stock.md).
 */
export function BeadPage() {
  const { id } = useScreenParams(screens.bead);
  const bead = useBead(id);

  if (bead.isPending) return <LoadingState label={t.loadingOne} />;

  // A deleted bead is gone for the owner, as on the list.
  const notFound =
    (bead.isError && bead.error instanceof ApiError && bead.error.status === 404) ||
    (bead.isSuccess && bead.data.isDeleted);
  if (notFound || bead.isError) {
    return (
      <Box sx={{ display: 'flex', flexDirection: 'column' }}>
        <BackLink />
        <EmptyState
          icon={<SearchOffIcon />}
          title={notFound ? t.notFound : t.loadFailed}
          description={notFound ? undefined : bead.error?.message}
          actions={
            notFound ? undefined : (
              <Button onClick={() => bead.refetch()} variant="outlined">
                {t.retry}
              </Button>
            )
          }
        />
      </Box>
    );
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <BackLink />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          alignItems: 'start',
          gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
          <BeadCard bead={bead.data} />
          {(bead.data.stock !== null || bead.data.stockHistory.length > 0) && (
            <StockHistory movements={bead.data.stockHistory} />
          )}
        </Box>
        <AddToCustomersCard beadId={bead.data.id} stock={bead.data.stock} />
      </Box>
    </Box>
  );
}
