import ArchiveOutlinedIcon from '@mui/icons-material/ArchiveOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import HomeOutlinedIcon from '@mui/icons-material/HomeOutlined';
import PhoneOutlinedIcon from '@mui/icons-material/PhoneOutlined';
import UnarchiveOutlinedIcon from '@mui/icons-material/UnarchiveOutlined';
import { Alert, Box, Button, Card, Link, Stack, Typography } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { addressLines } from '../../../shared/domain/address.ts';
import type { CustomerDetail } from '../../../shared/schemas/api-customers.ts';
import { screens } from '../../../shared/screens.ts';
import { texts } from '../../../shared/texts.ts';
import { useDeleteCustomer, useSetCustomerArchived } from '../../api/customers.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { lazyDialog } from '../../lib/lazy-dialog.tsx';
import { EDIT_ADDRESS_PARAM } from '../../lib/links.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useNavigate, useSearchParams } from '../../lib/router.tsx';

const EditCustomerDialog = lazyDialog(
  async () => (await import('./edit-customer-dialog.tsx')).EditCustomerDialog,
);

const c = texts.customers.care;

/** The customer's postal address as lines, as a label shows it (an old unread one as it was written). */
function postalLines(customer: CustomerDetail): string[] {
  return addressLines({
    address: customer.address,
    address2: customer.address2,
    postcode: customer.postcode,
    city: customer.city,
    countryCode: customer.countryCode,
    needsCheck: customer.addressNeedsCheck,
  });
}

/** Why the customer cannot be deleted, or null when she can (no orders, no todos: the server's rule too). */
export function deleteRefusal(customer: Pick<CustomerDetail, 'orders' | 'todos'>): string | null {
  if (customer.orders.length > 0) return c.deleteRefusedOrders;
  if (customer.todos.length > 0) return c.deleteRefusedTodos;
  return null;
}

/** 'Kunden er arkiveret' with 'Gendan', above everything else on an archived customer's page. */
export function ArchivedBanner({ customer }: { customer: Pick<CustomerDetail, 'id' | 'archived'> }) {
  const setArchived = useSetCustomerArchived();
  if (!customer.archived) return null;
  const bringBack = async () => {
    try {
      await setArchived.mutateAsync({ id: customer.id, archived: false });
      notifySuccess(c.unarchived);
    } catch (error) {
      notifyError(error);
    }
  };
  return (
    <Alert
      severity="info"
      icon={<ArchiveOutlinedIcon />}
      action={
        <Button
          color="inherit"
          size="small"
          startIcon={<UnarchiveOutlinedIcon />}
          onClick={bringBack}
          disabled={setArchived.isPending}
        >
          {c.unarchive}
        </Button>
      }
    >
      {c.archivedBanner}
    </Alert>
  );
}

function ContactRow({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', minWidth: 0 }}>
      <Box sx={{ color: 'text.secondary', display: 'flex', pt: '2px' }} aria-hidden>
        {icon}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="caption" color="text.secondary" component="div">
          {label}
        </Typography>
        <Box sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>{children}</Box>
      </Box>
    </Box>
  );
}

/**
 * The customer's contact details with 'Redigér kunde', 'Arkivér kunde' and 'Slet kunde'. Slet is offered only
 * when the customer has no orders and no todos; otherwise the card says why.
 */
export function CustomerCareCard({ customer }: { customer: CustomerDetail }) {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const fromLink = params.get(EDIT_ADDRESS_PARAM.name) === EDIT_ADDRESS_PARAM.value;
  const [editing, setEditing] = useState<false | 'all' | 'address'>(fromLink ? 'address' : false);
  const closeEditor = () => {
    setEditing(false);
    if (fromLink) setParams({}, { replace: true });
  };
  const lines = postalLines(customer);
  const [confirm, setConfirm] = useState<'archive' | 'delete' | null>(null);
  const setArchived = useSetCustomerArchived();
  const deleteCustomer = useDeleteCustomer();
  const refusal = deleteRefusal(customer);
  const hasContact = Boolean(customer.phone || customer.email || lines.length > 0);

  const archive = async () => {
    try {
      await setArchived.mutateAsync({ id: customer.id, archived: true });
      notifySuccess(c.archived);
      setConfirm(null);
    } catch (error) {
      notifyError(error);
    }
  };
  const remove = async () => {
    try {
      await deleteCustomer.mutateAsync(customer.id);
      notifySuccess(c.deleted);
      setConfirm(null);
      navigate(screens.customers.path, { replace: true });
    } catch (error) {
      setConfirm(null);
      notifyError(error);
    }
  };

  return (
    <Card sx={{ p: 2 }} component="section" aria-labelledby="customer-contact-heading">
      <Typography id="customer-contact-heading" variant="h3" sx={{ mb: 1.5 }}>
        {c.contactTitle}
      </Typography>
      {customer.addressNeedsCheck && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          <strong>{c.needsCheck}.</strong> {c.needsCheckText}
          <Box sx={{ mt: 1 }}>
            <Button color="inherit" size="small" variant="outlined" onClick={() => setEditing('address')}>
              {c.fixAddress}
            </Button>
          </Box>
        </Alert>
      )}
      {hasContact ? (
        <Stack spacing={1.5} sx={{ mb: 2 }}>
          {customer.phone && (
            <ContactRow icon={<PhoneOutlinedIcon fontSize="small" />} label={c.phoneLabel}>
              <Link href={`tel:${customer.phone.replace(/[^0-9+]/g, '')}`} underline="hover">
                {customer.phone}
              </Link>
            </ContactRow>
          )}
          {customer.email && (
            <ContactRow icon={<EmailOutlinedIcon fontSize="small" />} label={c.emailLabel}>
              <Link href={`mailto:${customer.email}`} underline="hover">
                {customer.email}
              </Link>
            </ContactRow>
          )}
          {lines.length > 0 && (
            <ContactRow icon={<HomeOutlinedIcon fontSize="small" />} label={c.addressLabel}>
              <Typography sx={{ whiteSpace: 'pre-line' }}>{lines.join('\n')}</Typography>
            </ContactRow>
          )}
        </Stack>
      ) : (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {c.noContact}
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} role="group" aria-label={c.actions}>
        <Button variant="outlined" startIcon={<EditOutlinedIcon />} onClick={() => setEditing('all')}>
          {c.edit}
        </Button>
        {!customer.archived && (
          <Button
            color="inherit"
            startIcon={<ArchiveOutlinedIcon />}
            onClick={() => setConfirm('archive')}
            disabled={setArchived.isPending}
          >
            {c.archive}
          </Button>
        )}
        <Button
          color="error"
          startIcon={<DeleteOutlineIcon />}
          onClick={() => setConfirm('delete')}
          disabled={refusal !== null || deleteCustomer.isPending}
          aria-describedby={refusal ? 'customer-delete-refusal' : undefined}
        >
          {c.delete}
        </Button>
      </Box>
      {refusal && (
        <Typography id="customer-delete-refusal" variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {refusal}
        </Typography>
      )}

      <EditCustomerDialog
        open={editing !== false}
        customer={customer}
        onClose={closeEditor}
        focusAddress={editing === 'address'}
      />
      <ConfirmDialog
        open={confirm === 'archive'}
        title={c.archiveConfirmTitle}
        text={
          customer.orders.some((order) => order.status === 'active')
            ? `${c.archiveConfirmText(customer.name)} ${c.archiveActiveOrderWarning}`
            : c.archiveConfirmText(customer.name)
        }
        confirmLabel={c.archiveConfirm}
        pending={setArchived.isPending}
        onConfirm={archive}
        onCancel={() => setConfirm(null)}
      />
      <ConfirmDialog
        open={confirm === 'delete'}
        title={c.deleteConfirmTitle}
        text={c.deleteConfirmText(customer.name)}
        confirmLabel={c.deleteConfirm}
        pending={deleteCustomer.isPending}
        onConfirm={remove}
        onCancel={() => setConfirm(null)}
      />
    </Card>
  );
}
