import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import ContentPasteIcon from '@mui/icons-material/ContentPaste';
import PersonOffOutlinedIcon from '@mui/icons-material/PersonOffOutlined';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import { Box, Button, Card, Chip, Stack, Typography } from '@mui/material';
import type { Theme } from '@mui/material/styles';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { orderSection } from '../../../shared/domain/order-status.ts';
import type { CustomerDetail } from '../../../shared/schemas/api-customers.ts';
import type { Order } from '../../../shared/schemas/api-orders.ts';
import { screens } from '../../../shared/screens.ts';
import { texts } from '../../../shared/texts.ts';
import { useCustomer } from '../../api/customers.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { GroupedList } from '../../components/grouped-list.tsx';
import { InitialAvatar } from '../../components/initial-avatar.tsx';
import { LoadingState } from '../../components/loading-state.tsx';
import { ArchivedBanner, CustomerCareCard } from '../../features/customers/customer-care.tsx';
import { ActiveOrderCard, OrderAccordion } from '../../features/orders/order-card.tsx';
import { QueuedLines } from '../../features/orders/queued-lines.tsx';
import { CustomerTodos } from '../../features/todos/customer-todos.tsx';
import { ApiError } from '../../lib/api-error.ts';
import { lazyDialog } from '../../lib/lazy-dialog.tsx';
import { Link, useScreenParams } from '../../lib/router.tsx';

const AddTodoDialog = lazyDialog(
  async () => (await import('../../features/todos/add-todo-dialog.tsx')).AddTodoDialog,
);

const AddLineDialog = lazyDialog(
  async () => (await import('../../features/orders/add-line-dialog.tsx')).AddLineDialog,
);

const PasteMessageDialog = lazyDialog(
  async () => (await import('../../features/messages/paste-message-dialog.tsx')).PasteMessageDialog,
);

const t = texts.customers.detail;

const SECTION_IDS = {
  todos: 'todos-til-kunde',
  active: 'aktiv-ordre',
  ongoing: 'igangvaerende-ordrer',
  shipped: 'afsendte-ordrer',
} as const;

function scrollToSection(id: string) {
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  document.getElementById(id)?.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
}

export function CustomerPage() {
  const { id } = useScreenParams(screens.customer);
  const customer = useCustomer(id);

  if (customer.isPending) return <LoadingState label={texts.customers.loadingOne} />;
  if (customer.isError) {
    const notFound = customer.error instanceof ApiError && customer.error.status === 404;
    return (
      <EmptyState
        icon={<PersonOffOutlinedIcon />}
        title={notFound ? texts.customers.notFound : customer.error.message}
        actions={
          notFound ? (
            <Button component={Link} to={screens.customers.path} variant="contained">
              {texts.nav.customers}
            </Button>
          ) : (
            <Button variant="contained" onClick={() => customer.refetch()}>
              {texts.app.reload}
            </Button>
          )
        }
      />
    );
  }
  return <CustomerDetailView customer={customer.data} />;
}

function CustomerDetailView({ customer }: { customer: CustomerDetail }) {
  const [adding, setAdding] = useState(false);
  const [addingTodo, setAddingTodo] = useState(false);
  const [pasting, setPasting] = useState(false);
  // Sorted into sections once per change of the customer, not on every render.
  const { active, ongoing, shipped } = useMemo(
    () => ({
      active: customer.orders.find((order) => orderSection(order.status) === 'active'),
      ongoing: customer.orders.filter((order) => orderSection(order.status) === 'ongoing'),
      shipped: customer.orders.filter((order) => orderSection(order.status) === 'shipped'),
    }),
    [customer.orders],
  );

  return (
    <Stack spacing={3}>
      <ArchivedBanner customer={customer} />
      <Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
          <InitialAvatar name={customer.name} size={56} />
          <Typography variant="h1" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            {customer.name}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>
          <Chip
            label={t.activeOrderChip}
            color="primary"
            variant={active ? 'filled' : 'outlined'}
            onClick={() => scrollToSection(SECTION_IDS.active)}
          />
          <Chip
            label={t.ongoingChip(ongoing.length)}
            variant="outlined"
            onClick={() => scrollToSection(SECTION_IDS.ongoing)}
          />
          <Chip
            label={t.shippedChip(shipped.length)}
            variant="outlined"
            disabled={shipped.length === 0}
            onClick={() => scrollToSection(SECTION_IDS.shipped)}
          />
          <Chip
            label={t.todosChip(customer.todos.length)}
            variant="outlined"
            onClick={() => scrollToSection(SECTION_IDS.todos)}
          />
        </Box>
        {/* An archived customer gets nothing new until she is brought back (the banner's 'Gendan'). */}
        <Box sx={{ display: customer.archived ? 'none' : 'flex', gap: 1 }}>
          <Button
            variant="contained"
            size="large"
            startIcon={<AddShoppingCartIcon />}
            onClick={() => setAdding(true)}
            sx={{ flex: { xs: 1, sm: 'none' } }}
          >
            {t.addItem}
          </Button>
          <Button
            variant="outlined"
            size="large"
            startIcon={<PlaylistAddIcon />}
            onClick={() => setAddingTodo(true)}
            sx={{ flex: { xs: 1, sm: 'none' }, bgcolor: 'background.paper' }}
          >
            {t.addTodo}
          </Button>
          <Button
            variant="outlined"
            size="large"
            startIcon={<ContentPasteIcon />}
            onClick={() => setPasting(true)}
            sx={{ flex: { xs: 1, sm: 'none' }, bgcolor: 'background.paper' }}
          >
            {texts.paste.open}
          </Button>
        </Box>
      </Box>

      <CustomerCareCard customer={customer} />

      <Section id={SECTION_IDS.todos} title={t.todosSection}>
        <CustomerTodos todos={customer.todos} />
      </Section>

      <Section id={SECTION_IDS.active} title={t.activeOrderSection}>
        {active ? (
          <ActiveOrderCard customerId={customer.id} order={active} />
        ) : (
          <Card sx={{ p: 2 }}>
            <Typography color="text.secondary">{t.noActiveOrder}</Typography>
          </Card>
        )}
        <QueuedLines customerId={customer.id} />
      </Section>

      <Section id={SECTION_IDS.ongoing} title={t.ongoingSection}>
        <OrderRows
          customerId={customer.id}
          orders={ongoing}
          empty={t.ongoingEmpty}
          label={t.ongoingSection}
        />
      </Section>

      <Section id={SECTION_IDS.shipped} title={t.shippedSection}>
        <OrderRows
          customerId={customer.id}
          orders={shipped}
          empty={t.shippedEmpty}
          label={t.shippedSection}
        />
      </Section>

      <AddLineDialog
        customerId={customer.id}
        activeOrderId={active?.id ?? null}
        open={adding}
        onClose={() => setAdding(false)}
      />
      <PasteMessageDialog
        open={pasting}
        onClose={() => setPasting(false)}
        customer={{ id: customer.id, name: customer.name }}
      />
      <AddTodoDialog
        open={addingTodo}
        onClose={() => setAddingTodo(false)}
        customer={{ id: customer.id, name: customer.name }}
      />
    </Stack>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" id={id} aria-labelledby={`${id}-heading`} sx={{ scrollMarginTop: 80 }}>
      <Typography id={`${id}-heading`} variant="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

type OrderListGroup = { key: string; items: Order[]; customerId: string };

const orderKey = (order: Order) => order.id;
const renderOrder = (order: Order, group: OrderListGroup) => (
  <OrderAccordion customerId={group.customerId} order={order} />
);
const orderCardSx = (theme: Theme) => ({
  bgcolor: 'background.paper',
  borderRadius: '12px',
  boxShadow: `0 0 0 1px ${theme.palette.divider}`,
  overflow: 'clip',
});

/** A card of collapsible orders; virtualised, since a customer may have years of them. */
function OrderRows({
  customerId,
  orders,
  empty,
  label,
}: {
  customerId: string;
  orders: Order[];
  empty: string;
  /** Accessible name of the list. */
  label: string;
}) {
  const groups = useMemo<OrderListGroup[]>(
    () => [{ key: 'orders', items: orders, customerId }],
    [orders, customerId],
  );
  const groupLabel = useCallback(() => label, [label]);
  if (orders.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ px: 0.5 }}>
        {empty}
      </Typography>
    );
  }
  return (
    <GroupedList
      groups={groups}
      getKey={orderKey}
      renderItem={renderOrder}
      groupLabel={groupLabel}
      estimateItemHeight={72}
      listSx={orderCardSx}
      divided
    />
  );
}
