import ArchiveOutlinedIcon from '@mui/icons-material/ArchiveOutlined';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import UnarchiveOutlinedIcon from '@mui/icons-material/UnarchiveOutlined';
import { Box, Button, Card, Link as MuiLink, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { isHiddenCustomer } from '../../../shared/domain/customer-name.ts';
import { formatLongDate } from '../../../shared/domain/dates.ts';
import type { Customer } from '../../../shared/schemas/api-customers.ts';
import { pathOf, screens } from '../../../shared/screens.ts';
import { texts } from '../../../shared/texts.ts';
import { useArchivedCustomers, useSetCustomerArchived } from '../../api/customers.ts';
import { CountChip } from '../../components/count-chip.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { InitialAvatar } from '../../components/initial-avatar.tsx';
import { LoadingState } from '../../components/loading-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { Link } from '../../lib/router.tsx';

const t = texts.customers;
const c = t.care;

function ArchivedRow({ customer }: { customer: Customer }) {
  const setArchived = useSetCustomerArchived();
  const bringBack = async () => {
    try {
      await setArchived.mutateAsync({ id: customer.id, archived: false });
      notifySuccess(c.unarchived);
    } catch (error) {
      notifyError(error);
    }
  };
  const to = pathOf(screens.customer, { id: customer.id });
  return (
    <Card component="li" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 1.5, pl: 2 }}>
      <InitialAvatar name={customer.name} />
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        <MuiLink
          component={Link}
          to={to}
          underline="hover"
          color="text.primary"
          sx={{ fontWeight: 600, display: 'block', overflowWrap: 'anywhere' }}
        >
          {customer.name}
        </MuiLink>
        {customer.archivedAt && (
          <Typography variant="body2" color="text.secondary">
            {c.archivedSince(formatLongDate(customer.archivedAt))}
          </Typography>
        )}
      </Box>
      <Button
        variant="outlined"
        startIcon={<UnarchiveOutlinedIcon />}
        onClick={bringBack}
        disabled={setArchived.isPending}
        aria-label={`${c.unarchive} ${customer.name}`}
        sx={{ flexShrink: 0 }}
      >
        {c.unarchive}
      </Button>
    </Card>
  );
}

/** Arkiverede kunder (/customers/archived): the archived customers, each with 'Gendan' (bring back). */
export function ArchivedCustomersPage() {
  const customers = useArchivedCustomers();
  const shown = (customers.data ?? []).filter((customer) => !isHiddenCustomer(customer.name));

  let content: ReactNode;
  if (customers.isPending) {
    content = <LoadingState label={t.loading} />;
  } else if (customers.isError) {
    content = (
      <EmptyState
        title={c.archivedLoadFailed}
        description={customers.error.message}
        actions={<Button onClick={() => customers.refetch()}>{t.retry}</Button>}
      />
    );
  } else if (shown.length === 0) {
    content = (
      <EmptyState
        icon={<ArchiveOutlinedIcon />}
        title={c.archivedEmptyTitle}
        description={c.archivedEmptyBody}
        actions={
          <Button component={Link} to={screens.customers.path} variant="contained">
            {c.backToCustomers}
          </Button>
        }
      />
    );
  } else {
    content = (
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={c.archivedTitle}>
        {shown.map((customer) => (
          <ArchivedRow key={customer.id} customer={customer} />
        ))}
      </Stack>
    );
  }

  return (
    <>
      <Button
        component={Link}
        to={screens.customers.path}
        startIcon={<ArrowBackIcon />}
        sx={{ mb: 1, ml: -1 }}
      >
        {c.backToCustomers}
      </Button>
      <PageHeader
        title={c.archivedTitle}
        chip={
          customers.isSuccess && (
            <CountChip count={shown.length} singular={t.unit.one} plural={t.unit.other} />
          )
        }
      />
      {content}
    </>
  );
}
