import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import {
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  Chip,
  CircularProgress,
  FormHelperText,
  Typography,
} from '@mui/material';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useDeferredValue, useId, useMemo, useRef, useState } from 'react';
import { searchKey } from '../../../shared/domain/collation.ts';
import { isHiddenCustomer } from '../../../shared/domain/customer-name.ts';
import { stockWarning } from '../../../shared/domain/stock.ts';
import type { Customer } from '../../../shared/schemas/api-customers.ts';
import { texts } from '../../../shared/texts.ts';
import { useAddBeadToCustomers } from '../../api/beads.ts';
import { useCustomers } from '../../api/customers.ts';
import { InitialAvatar } from '../../components/initial-avatar.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { useActionKey } from '../../lib/idempotency.ts';
import { notifyError, notifySuccess, notifyWarning } from '../../lib/notify.ts';

const t = texts.beads.detail;
/** The customer list in this card is at most 300 px high (docs/product/screens.md). */
const LIST_HEIGHT = 300;
const ROW_HEIGHT = 48;

type Entry = { customer: Customer; key: string };

/**
 * 'Tilføj til kunde': pick customers with checkboxes (searchable, scrolls within 300 px) and add the bead
 * to each one's active order at once. The list is virtualised, so thousands of customers stay quick.
 */
export function AddToCustomersCard({ beadId, stock }: { beadId: string; stock: number | null }) {
  const id = useId();
  const customers = useCustomers();
  const addToCustomers = useAddBeadToCustomers(beadId);
  const actionKey = useActionKey();
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<ReadonlyMap<string, Customer>>(new Map());
  const scrollRef = useRef<HTMLDivElement>(null);

  const entries = useMemo<Entry[]>(
    () =>
      (customers.data ?? [])
        .filter((customer) => !isHiddenCustomer(customer.name))
        .map((customer) => ({ customer, key: searchKey(customer.name) })),
    [customers.data],
  );
  const deferredSearch = useDeferredValue(search);
  const shown = useMemo(() => {
    const query = searchKey(deferredSearch);
    return query === '' ? entries : entries.filter((entry) => entry.key.includes(query));
  }, [entries, deferredSearch]);

  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (index) => shown[index]?.customer.id ?? index,
    overscan: 8,
    initialRect: { width: 0, height: LIST_HEIGHT },
  });

  const toggle = (customer: Customer) =>
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(customer.id)) next.delete(customer.id);
      else next.set(customer.id, customer);
      return next;
    });

  const submit = async () => {
    const ids = [...selected.keys()];
    if (ids.length === 0) return;
    try {
      const body = { customerIds: ids };
      await addToCustomers.mutateAsync({ body, idempotencyKey: actionKey.keyFor(body) });
      actionKey.renew();
      const added = ids.length === 1 ? texts.beads.addedToActiveOrder : texts.beads.addedToActiveOrders;
      // One line each: never refused for lack of stock, but she is told (docs/product/stock.md).
      const warning = stockWarning(stock, ids.length);
      if (warning) notifyWarning(warning, added);
      else notifySuccess(added);
      setSelected(new Map());
    } catch (error) {
      notifyError(error);
    }
  };

  const count = selected.size;
  const working = addToCustomers.isPending;
  return (
    <Card component="section" aria-labelledby={`${id}-title`}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Typography id={`${id}-title`} variant="h2">
          {t.addToCustomerTitle}
        </Typography>
        <SearchBox value={search} onChange={setSearch} placeholder={t.searchCustomers} autoFocus={false} />
        {count > 0 && (
          <Box
            role="group"
            aria-label={t.selectedCustomers}
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}
          >
            {[...selected.values()].map((customer) => (
              <Chip
                key={customer.id}
                label={customer.name}
                size="small"
                color="primary"
                variant="outlined"
                onDelete={() => toggle(customer)}
              />
            ))}
          </Box>
        )}
        <Box
          ref={scrollRef}
          role="group"
          aria-label={t.customerList}
          // Its height is kept while the customers load and whatever they are: the button below never moves.
          sx={{
            height: LIST_HEIGHT,
            overflowY: 'auto',
            overscrollBehavior: 'contain',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
          }}
        >
          {customers.isPending ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', height: '100%' }}>
              <CircularProgress size={24} aria-label={texts.customers.loading} />
            </Box>
          ) : shown.length === 0 ? (
            <Typography color="text.secondary" sx={{ textAlign: 'center', py: 3 }}>
              {entries.length === 0 ? texts.customers.emptyTitle : texts.customers.noneFound}
            </Typography>
          ) : (
            <Box sx={{ position: 'relative', height: virtualizer.getTotalSize() }}>
              {virtualizer.getVirtualItems().map((row) => {
                const entry = shown[row.index];
                if (!entry) return null;
                const { customer } = entry;
                const checked = selected.has(customer.id);
                return (
                  <Box
                    key={row.key}
                    component="label"
                    style={{ transform: `translateY(${row.start}px)` }}
                    sx={{
                      position: 'absolute',
                      top: 0,
                      left: 0,
                      width: '100%',
                      height: ROW_HEIGHT,
                      display: 'flex',
                      alignItems: 'center',
                      gap: 1.25,
                      pr: 2,
                      cursor: 'pointer',
                      bgcolor: checked ? 'action.selected' : undefined,
                      '&:hover': { bgcolor: checked ? 'action.selected' : 'action.hover' },
                    }}
                  >
                    <Checkbox checked={checked} onChange={() => toggle(customer)} disabled={working} />
                    <InitialAvatar name={customer.name} size={28} />
                    <Typography noWrap>{customer.name}</Typography>
                  </Box>
                );
              })}
            </Box>
          )}
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
          <Button
            variant="contained"
            startIcon={<AddShoppingCartIcon />}
            disabled={count === 0 || working}
            onClick={submit}
            aria-describedby={count === 0 ? `${id}-hint` : undefined}
          >
            {working ? t.adding : t.addToCustomers(count)}
          </Button>
          {count === 0 && <FormHelperText id={`${id}-hint`}>{t.selectCustomers}</FormHelperText>}
        </Box>
      </CardContent>
    </Card>
  );
}
