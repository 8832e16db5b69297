import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import LocalPrintshopOutlinedIcon from '@mui/icons-material/LocalPrintshopOutlined';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import { Box, Button, GlobalStyles, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { formatInteger } from '../../../shared/domain/number-format.ts';
import type { PricedLine } from '../../../shared/schemas/api-orders.ts';
import type { PackingOrder } from '../../../shared/schemas/api-packing.ts';
import { texts } from '../../../shared/texts.ts';
import { usePackingOrders, usePickList, useTickLine } from '../../api/packing.ts';
import { CountChip } from '../../components/count-chip.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { LoadingState } from '../../components/loading-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PackingOrderCard } from '../../features/packing/packing-order-card.tsx';
import { PickListCard } from '../../features/packing/pick-list-card.tsx';
import { lazyDialog } from '../../lib/lazy-dialog.tsx';
import { notifyError } from '../../lib/notify.ts';

const p = texts.packing;

const LabelsDialog = lazyDialog(
  async () => (await import('../../features/parcels/labels-dialog.tsx')).LabelsDialog,
);

/**
 * On paper: no app bar, drawer, buttons or toasts; the page's own content uses the full width. The pick list
 * comes first, then one order per block that does not break across pages (the cards say so themselves).
 */
const printStyles = (
  <GlobalStyles
    styles={{
      '@media print': {
        '.MuiAppBar-root, .MuiDrawer-root, [data-sonner-toaster], section[aria-live]': {
          display: 'none !important',
        },
        'main.MuiContainer-root': { maxWidth: 'none', padding: 0 },
        'body, #root, #root > div': { background: '#fff !important' },
        '.MuiCard-root': { boxShadow: 'none' },
      },
    }}
  />
);

/**
 * Pakning: the samlet plukliste on top, then every order in Skal pakkes oldest first, 20 at a time
 * ('Vis flere'). 'Udskriv' loads every remaining page first, then prints.
 */
export function PackingPage() {
  const orders = usePackingOrders();
  const pickList = usePickList();
  const { tick } = useTickLine();
  const [preparingPrint, setPreparingPrint] = useState(false);
  const [printNow, setPrintNow] = useState(false);
  const [labels, setLabels] = useState(false);

  // Offline the tick waits for the network and shows at once (the banner counts it); a refusal of a tick
  // sent at once is told here, one that waited by the offline writes (lib/offline-writes.ts).
  const onTick = useCallback(
    (order: PackingOrder, line: PricedLine, packed: boolean) =>
      void tick({ orderId: order.id, lineId: line.id, packed }).catch((error: unknown) =>
        notifyError(error, '', { description: p.tickFailed }),
      ),
    [tick],
  );

  // Printed once the loaded pages are on the page (after React has rendered them).
  useEffect(() => {
    if (!printNow) return;
    setPrintNow(false);
    window.print();
  }, [printNow]);

  const print = async () => {
    setPreparingPrint(true);
    try {
      let result = orders;
      while (result.hasNextPage) {
        result = await result.fetchNextPage();
        if (result.isError) throw result.error;
      }
      setPrintNow(true);
    } catch (error) {
      notifyError(error);
    } finally {
      setPreparingPrint(false);
    }
  };

  const pages = orders.data?.pages ?? [];
  const list = pages.flatMap((page) => page.orders);
  // The number to pack is in either answer: the header is whole with the first, and does not grow with the second.
  const total = pages[0]?.total ?? pickList.data?.orderCount ?? 0;
  const counted = orders.isSuccess || pickList.isSuccess;
  // Whichever answer comes first may tell that there is nothing to pack.
  const nothingToPack = orders.isSuccess ? list.length === 0 : pickList.data?.orderCount === 0;

  return (
    <>
      {printStyles}
      <PageHeader
        title={p.title}
        chip={counted && <CountChip count={total} singular={p.orderUnit.one} plural={p.orderUnit.other} />}
        actions={
          counted &&
          total > 0 && (
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', displayPrint: 'none' }}>
              {/* The orders to pack get their labels here, to stick on as each parcel is packed. */}
              <Button
                variant="outlined"
                startIcon={<LocalPrintshopOutlinedIcon />}
                onClick={() => setLabels(true)}
              >
                {texts.parcels.button}
              </Button>
              <Button
                variant="outlined"
                startIcon={<PrintOutlinedIcon />}
                onClick={() => void print()}
                disabled={preparingPrint || !orders.isSuccess}
              >
                {p.print}
              </Button>
            </Box>
          )
        }
      />
      <LabelsDialog open={labels} onClose={() => setLabels(false)} status="paid" />
      {preparingPrint && <LoadingState label={p.preparingPrint} />}
      {orders.isError ? (
        <EmptyState
          title={p.loadFailed}
          description={orders.error.message}
          actions={
            <Button variant="contained" onClick={() => orders.refetch()}>
              {p.retry}
            </Button>
          }
        />
      ) : nothingToPack ? (
        <EmptyState icon={<Inventory2OutlinedIcon />} title={p.empty} description={p.emptyBody} />
      ) : pickList.isPending ? (
        // The pick list and the orders come in parallel; the orders show below the pick list, never before it, so
        // the pick list never pushes them down when it comes (a tap on an order would land elsewhere).
        <LoadingState label={p.loading} />
      ) : (
        <>
          <Box sx={{ mb: 3 }}>
            {pickList.isError ? (
              <EmptyState
                title={p.pickListFailed}
                actions={
                  <Button variant="outlined" onClick={() => pickList.refetch()}>
                    {p.retry}
                  </Button>
                }
              />
            ) : (
              <PickListCard pickList={pickList.data} />
            )}
          </Box>
          {orders.isPending ? (
            <LoadingState label={p.loading} />
          ) : (
            <Box component="section" aria-label={p.orderList}>
              {list.map((order) => (
                <PackingOrderCard key={order.id} order={order} onTick={onTick} />
              ))}
            </Box>
          )}
          {orders.hasNextPage && (
            <Box sx={{ textAlign: 'center', displayPrint: 'none' }}>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {p.shownOf(formatInteger(list.length), formatInteger(total))}
              </Typography>
              <Button
                variant="outlined"
                onClick={() => void orders.fetchNextPage()}
                disabled={orders.isFetchingNextPage}
              >
                {orders.isFetchingNextPage ? p.loadingMore : p.showMore}
              </Button>
            </Box>
          )}
        </>
      )}
    </>
  );
}
