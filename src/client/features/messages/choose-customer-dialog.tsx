import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItemButton,
  ListItemText,
  Typography,
} from '@mui/material';
import { useMemo, useState } from 'react';
import { filterByName } from '../../../shared/domain/collation.ts';
import { isHiddenCustomer } from '../../../shared/domain/customer-name.ts';
import { texts } from '../../../shared/texts.ts';
import { useCustomers } from '../../api/customers.ts';
import { SearchBox } from '../../components/search-box.tsx';
import { PasteMessageDialog } from './paste-message-dialog.tsx';

const t = texts.paste;
/** The first matches shown: she types more of the name for the rest. */
const SHOWN = 30;

/**
 * 'Indsæt besked' from the menu, or a message shared into the installed app (Android's share target): first
 * "Hvilken kunde?" with the customer search, then the customer's 'Indsæt besked' with the message in it.
 */
export function ChooseCustomerDialog({
  open,
  onClose,
  initialText,
}: {
  open: boolean;
  onClose: () => void;
  initialText: string;
}) {
  const [chosen, setChosen] = useState<{ id: string; name: string } | null>(null);
  if (chosen) {
    return (
      <PasteMessageDialog
        open={open}
        customer={chosen}
        initialText={initialText}
        onClose={() => {
          setChosen(null);
          onClose();
        }}
      />
    );
  }
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="choose-customer-title">
      {open && <ChooseCustomer onChoose={setChosen} onClose={onClose} initialText={initialText} />}
    </Dialog>
  );
}

function ChooseCustomer({
  onChoose,
  onClose,
  initialText,
}: {
  onChoose: (customer: { id: string; name: string }) => void;
  onClose: () => void;
  initialText: string;
}) {
  const customers = useCustomers();
  const [search, setSearch] = useState('');
  const matches = useMemo(
    () =>
      filterByName(
        (customers.data ?? []).filter((customer) => !customer.archived && !isHiddenCustomer(customer.name)),
        search,
        (customer) => customer.name,
      ),
    [customers.data, search],
  );
  return (
    <>
      <DialogTitle id="choose-customer-title">{t.whichCustomer}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        {initialText.trim() !== '' && (
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{
              whiteSpace: 'pre-wrap',
              borderLeft: 3,
              borderColor: 'divider',
              pl: 1.5,
              maxHeight: 96,
              overflow: 'auto',
            }}
          >
            {initialText}
          </Typography>
        )}
        <SearchBox
          value={search}
          onChange={setSearch}
          placeholder={texts.customers.searchPlaceholder}
          label={t.whichCustomer}
        />
        <Box sx={{ minHeight: 120 }}>
          {customers.isPending ? (
            <Typography color="text.secondary">{texts.customers.loading}</Typography>
          ) : matches.length === 0 ? (
            <Typography color="text.secondary">{texts.customers.noneFound}</Typography>
          ) : (
            <List dense aria-label={t.whichCustomer} sx={{ maxHeight: 320, overflow: 'auto' }}>
              {matches.slice(0, SHOWN).map((customer) => (
                <ListItemButton
                  key={customer.id}
                  onClick={() => onChoose({ id: customer.id, name: customer.name })}
                >
                  <ListItemText primary={customer.name} />
                </ListItemButton>
              ))}
            </List>
          )}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{texts.common.cancel}</Button>
      </DialogActions>
    </>
  );
}
