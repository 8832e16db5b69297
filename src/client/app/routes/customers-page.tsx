import AddIcon from '@mui/icons-material/Add';
import ArchiveOutlinedIcon from '@mui/icons-material/ArchiveOutlined';
import PeopleIcon from '@mui/icons-material/People';
import PersonSearchIcon from '@mui/icons-material/PersonSearch';
import { Button, IconButton, Typography } from '@mui/material';
import { useState } from 'react';
import { searchKey } from '../../../shared/domain/collation.ts';
import { phoneSearchKey } from '../../../shared/domain/customer-contact.ts';
import { isHiddenCustomer } from '../../../shared/domain/customer-name.ts';
import type { Customer } from '../../../shared/schemas/api-customers.ts';
import { pathOf, screens } from '../../../shared/screens.ts';
import { texts } from '../../../shared/texts.ts';
import { useCustomers } from '../../api/customers.ts';
import { type AlphabeticalListKind, AlphabeticalListPage } from '../../components/alphabetical-list-page.tsx';
import { GroupedListRow } from '../../components/grouped-list-row.tsx';
import { Hint } from '../../components/hint.tsx';
import { useRendersOnItsOwn } from '../../lib/hydration.ts';
import { lazyDialog } from '../../lib/lazy-dialog.tsx';
import { Link, useSearchParams } from '../../lib/router.tsx';
import { useScrollRestoration } from '../../lib/use-scroll-restoration.ts';

const AddCustomerDialog = lazyDialog(
  async () => (await import('../../features/customers/add-customer-dialog.tsx')).AddCustomerDialog,
);

const ChooseCustomerDialog = lazyDialog(
  async () => (await import('../../features/messages/choose-customer-dialog.tsx')).ChooseCustomerDialog,
);

/**
 * 'Indsæt besked' from the menu (`/customers?besked=`) or a message shared into the installed app (the manifest's
 * share_target: Android sends `besked`, and some apps put the text in `emne` or `link`).
 */
export const PASTE_PARAM = 'besked';
function sharedMessage(params: URLSearchParams): string | null {
  if (!params.has(PASTE_PARAM)) return null;
  return ['emne', PASTE_PARAM, 'link']
    .map((name) => params.get(name)?.trim() ?? '')
    .filter((part, index, parts) => part !== '' && parts.indexOf(part) === index)
    .join('\n');
}

const t = texts.customers;

/**
 * What a search on Kunder matches: the name, the e-mail and the phone number as written and as digits only
 * ('12345678' finds '12 34 56 78'), each on a line of its own so no match spans two of them.
 */
function searchKeyOf(customer: Customer): string {
  const parts = [customer.name, customer.email ?? '', customer.phone ?? ''];
  if (customer.phone) parts.push(phoneSearchKey(customer.phone));
  return parts.map(searchKey).join('\n');
}

function renderCustomer(customer: Customer) {
  return (
    <GroupedListRow
      to={pathOf(screens.customer, { id: customer.id })}
      name={customer.name}
      title={
        <Typography noWrap sx={{ fontWeight: 600 }}>
          {customer.name}
        </Typography>
      }
      subtitle={t.clickForDetails}
    />
  );
}

const customerList: AlphabeticalListKind<Customer> = {
  texts: t,
  isListed: (customer) => !isHiddenCustomer(customer.name),
  nameOf: (customer) => customer.name,
  searchKeyOf,
  idOf: (customer) => customer.id,
  renderRow: renderCustomer,
  emptyIcon: <PeopleIcon />,
  noneFoundIcon: <PersonSearchIcon />,
};

/** Kunder (/customers): search, alphabet jump bar and a virtualised list grouped by initial. */
export function CustomersPage() {
  const customers = useCustomers();
  const [dialog, setDialog] = useState({ open: false, name: '' });
  const openDialog = (name: string) => setDialog({ open: true, name });

  const [params, setParams] = useSearchParams();
  // Not while the app hydrates the server's Kunder: the dialog's code loads on demand, and would suspend it.
  const onItsOwn = useRendersOnItsOwn();
  const shared = onItsOwn ? sharedMessage(params) : null;

  useScrollRestoration('customers', customers.isSuccess);

  return (
    <AlphabeticalListPage
      kind={customerList}
      query={customers}
      onAdd={openDialog}
      headerActions={
        <Hint title={t.care.showArchived}>
          <IconButton component={Link} to={screens.archivedCustomers.path} aria-label={t.care.showArchived}>
            <ArchiveOutlinedIcon />
          </IconButton>
        </Hint>
      }
      noneFoundActions={(name) => (
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => openDialog(name)}>
          {t.addNamed(name)}
        </Button>
      )}
    >
      <ChooseCustomerDialog
        open={shared !== null}
        initialText={shared ?? ''}
        onClose={() => setParams({}, { replace: true })}
      />
      <AddCustomerDialog
        open={dialog.open}
        initialName={dialog.name}
        onClose={() => setDialog((current) => ({ ...current, open: false }))}
      />
    </AlphabeticalListPage>
  );
}
