import { zodResolver } from '@hookform/resolvers/zod';
import '../../../shared/zod-danish.ts';
import {
  Autocomplete,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Tab,
  Tabs,
  TextField,
} from '@mui/material';
import { useEffect, useId, useMemo, useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { searchKey, sortByName } from '../../../shared/domain/collation.ts';
import type { Customer } from '../../../shared/schemas/api-customers.ts';
import { makeTodoDialogSchema, type TodoCreate } from '../../../shared/schemas/todo.ts';
import { texts } from '../../../shared/texts.ts';
import { useBeads } from '../../api/beads.ts';
import { useCustomers } from '../../api/customers.ts';
import { useAddTodo } from '../../api/todos.ts';
import { BeadPicker } from '../../components/bead-picker.tsx';
import { ApiError } from '../../lib/api-error.ts';
import { useActionKey } from '../../lib/idempotency.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';

const t = texts.todos;
const d = texts.todos.dialog;

type BeadTab = 'existing' | 'new';

/** Both tab labels stay on one line at 360 px. */
const tabSx = { minHeight: 44, px: 1, whiteSpace: 'nowrap' } as const;

/** The form as the fields hold it; the dialog schema checks only the open tab's field. */
export type AddTodoFormValues = {
  amount: string;
  customerId: string;
  beadTab: BeadTab;
  beadId: string;
  newBeadName: string;
};

type FieldName = keyof AddTodoFormValues;

const emptyValues = (customerId = ''): AddTodoFormValues => ({
  amount: '1',
  customerId,
  beadTab: 'existing',
  beadId: '',
  newBeadName: '',
});

type AddTodoDialogProps = {
  open: boolean;
  onClose: () => void;
  /** Opened from a customer page: the todo is for this customer and the field is locked. */
  customer?: Pick<Customer, 'id' | 'name'>;
};

/** Which field a refusal from the server belongs to. */
function fieldOfError(error: ApiError): FieldName | null {
  if (error.code === 'BEAD_NAME_TAKEN') return 'newBeadName';
  if (error.code === 'CUSTOMER_NOT_FOUND') return 'customerId';
  if (error.code === 'BEAD_NOT_FOUND') return 'beadId';
  if (error.field === 'amount') return 'amount';
  if (error.field === 'customerId') return 'customerId';
  if (error.field?.startsWith('bead')) return 'beadId';
  return null;
}

/**
 * 'Tilføj Todo' (SPEC.md §2, §5): Antal, Kunde (searchable; locked when opened from a customer page) and the
 * bead, picked from the catalogue or typed as a new one (created at 0 kr). A todo for the same bead and
 * customer adds to the existing one's amount (the server merges). Errors clear as soon as their field changes.
 */
export function AddTodoDialog({ open, onClose, customer }: AddTodoDialogProps) {
  const id = useId();
  const addTodo = useAddTodo();
  const actionKey = useActionKey();
  const customers = useCustomers({ enabled: open && !customer });
  const beads = useBeads({ enabled: open });
  const catalogue = useMemo(
    () =>
      sortByName(
        (beads.data ?? []).filter((bead) => !bead.isDeleted),
        (bead) => bead.name,
      ),
    [beads.data],
  );
  const schema = useMemo(() => makeTodoDialogSchema(catalogue.map((bead) => bead.name)), [catalogue]);
  const resolver = useMemo(
    () => zodResolver(schema) as unknown as Resolver<AddTodoFormValues, unknown, TodoCreate>,
    [schema],
  );

  const form = useForm<AddTodoFormValues, unknown, TodoCreate>({
    resolver,
    defaultValues: emptyValues(customer?.id),
    reValidateMode: 'onSubmit',
  });
  const [beadSearch, setBeadSearch] = useState('');

  useEffect(() => {
    if (open) {
      form.reset(emptyValues(customer?.id));
      setBeadSearch('');
      actionKey.renew();
    }
  }, [open, customer?.id, form, actionKey.renew]);

  const beadTab = form.watch('beadTab');
  const { errors, isSubmitting } = form.formState;

  /** Sets a field from its control and clears its error, as SPEC.md §5 asks. */
  const change = (name: FieldName, value: string) => {
    form.setValue(name, value as never);
    form.clearErrors(name);
  };

  /** 'Opret "…" som ny perle': the searched name moves to the 'Ny Perle' tab. */
  const createNewBead = (name: string) => {
    form.setValue('beadTab', 'new');
    change('newBeadName', name);
    form.clearErrors('beadId');
  };

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      // Offline the todo waits for the network: the dialog closes at once and says so.
      const { queued } = await addTodo.send({ body: values, idempotencyKey: actionKey.keyFor(values) });
      actionKey.renew();
      notifySuccess(queued ? texts.offline.queued : t.added);
      onClose();
    } catch (error) {
      const field = error instanceof ApiError ? fieldOfError(error) : null;
      if (field && error instanceof Error)
        form.setError(field, { message: error.message }, { shouldFocus: true });
      else notifyError(error, t.createFailedPrefix);
    }
  });

  const customerOptions: Pick<Customer, 'id' | 'name'>[] = customer ? [customer] : (customers.data ?? []);

  return (
    <Dialog
      open={open}
      onClose={isSubmitting ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby={`${id}-title`}
    >
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={`${id}-title`}>{d.title}</DialogTitle>
        <DialogContent sx={{ pt: '8px !important', px: { xs: 2, sm: 3 } }}>
          <Stack spacing={2}>
            <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
              <Controller
                control={form.control}
                name="amount"
                render={({ field }) => (
                  <TextField
                    label={d.amountLabel}
                    type="number"
                    required
                    name={field.name}
                    inputRef={field.ref}
                    value={field.value}
                    onChange={(event) => change('amount', event.target.value)}
                    onBlur={field.onBlur}
                    error={Boolean(errors.amount)}
                    helperText={errors.amount?.message}
                    slotProps={{ htmlInput: { min: 1, step: 1, inputMode: 'numeric' } }}
                    sx={{ width: 96, flexShrink: 0 }}
                  />
                )}
              />
              <Controller
                control={form.control}
                name="customerId"
                render={({ field }) => (
                  <Autocomplete<Pick<Customer, 'id' | 'name'>>
                    fullWidth
                    disabled={Boolean(customer)}
                    options={customerOptions}
                    loading={!customer && customers.isPending}
                    value={customerOptions.find((option) => option.id === field.value) ?? null}
                    onChange={(_, value) => change('customerId', value?.id ?? '')}
                    getOptionLabel={(option) => option.name}
                    isOptionEqualToValue={(option, value) => option.id === value.id}
                    filterOptions={(options, state) => {
                      const query = searchKey(state.inputValue);
                      return options.filter((option) => searchKey(option.name).includes(query)).slice(0, 50);
                    }}
                    noOptionsText={d.noCustomersFound}
                    loadingText={texts.app.loading}
                    openText={texts.common.open}
                    closeText={texts.common.close}
                    clearText={texts.common.clear}
                    renderInput={(params) => (
                      <TextField
                        {...params}
                        label={d.customerLabel}
                        required
                        name={field.name}
                        inputRef={field.ref}
                        onBlur={field.onBlur}
                        error={Boolean(errors.customerId)}
                        helperText={errors.customerId?.message}
                      />
                    )}
                  />
                )}
              />
            </Box>
            <Box>
              <Tabs
                value={beadTab}
                onChange={(_, value: BeadTab) => {
                  form.setValue('beadTab', value);
                  form.clearErrors(['beadId', 'newBeadName']);
                }}
                variant="fullWidth"
                sx={{ borderBottom: 1, borderColor: 'divider', minHeight: 44 }}
              >
                <Tab value="existing" label={d.tabExisting} id={`${id}-tab-existing`} sx={tabSx} />
                <Tab value="new" label={d.tabNew} id={`${id}-tab-new`} sx={tabSx} />
              </Tabs>
              <Box role="tabpanel" aria-labelledby={`${id}-tab-${beadTab}`} sx={{ pt: 2 }}>
                {beadTab === 'existing' ? (
                  <BeadPicker
                    beads={catalogue}
                    loading={beads.isPending}
                    search={beadSearch}
                    onSearchChange={setBeadSearch}
                    value={form.watch('beadId')}
                    onChange={(bead) => change('beadId', bead.id)}
                    label={d.beadList}
                    searchPlaceholder={d.searchBeads}
                    loadingText={texts.app.loading}
                    emptyText={d.noBeadsFound}
                    emptyAction={
                      beadSearch.trim() !== '' && (
                        <Button
                          size="small"
                          variant="outlined"
                          onClick={() => createNewBead(beadSearch.trim())}
                        >
                          {d.createBeadNamed(beadSearch.trim())}
                        </Button>
                      )
                    }
                    error={errors.beadId?.message}
                    enterPicksFirst
                  />
                ) : (
                  <Controller
                    control={form.control}
                    name="newBeadName"
                    render={({ field }) => (
                      <TextField
                        label={d.newBeadNameLabel}
                        required
                        autoComplete="off"
                        autoFocus
                        name={field.name}
                        inputRef={field.ref}
                        value={field.value}
                        onChange={(event) => change('newBeadName', event.target.value)}
                        onBlur={field.onBlur}
                        error={Boolean(errors.newBeadName)}
                        helperText={errors.newBeadName?.message ?? d.newBeadHelper}
                      />
                    )}
                  />
                )}
              </Box>
            </Box>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={isSubmitting}>
            {texts.common.cancel}
          </Button>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            {isSubmitting ? d.submitting : d.submit}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
