import { zodResolver } from '@hookform/resolvers/zod';
import CheckIcon from '@mui/icons-material/Check';
import NewReleasesOutlinedIcon from '@mui/icons-material/NewReleasesOutlined';
import {
  Autocomplete,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormHelperText,
  Stack,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { searchKey, sortByName } from '../../shared/domain/collation.ts';
import { formatKr } from '../../shared/domain/money.ts';
import type { BeadWithTodos } from '../../shared/schemas/api-beads.ts';
import type { Customer } from '../../shared/schemas/api-customers.ts';
import type { CreateTodoResult } from '../../shared/schemas/api-todos.ts';
import { makeTodoDialogSchema, type TodoCreate } from '../../shared/schemas/todo.ts';
import { texts } from '../../shared/texts.ts';
import { ApiError, apiGet, apiPost } from '../lib/api.ts';
import { notifyError, notifySuccess } from '../lib/notify.ts';
import { queryKeys } from '../lib/query-keys.ts';
import { SearchBox } from './search-box.tsx';

const t = texts.todos;
const d = texts.todos.dialog;

/** Bead list height (SPEC.md §9). */
const BEAD_LIST_HEIGHT = 210;
/** Rows rendered at most; searching narrows the rest down. Keeps the dialog quick with thousands of beads. */
const MAX_BEAD_ROWS = 100;

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
  customer?: Customer;
};

function useAddTodo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TodoCreate) => apiPost<CreateTodoResult>('/api/todos', input),
    onSuccess: () =>
      Promise.all(
        [queryKeys.todos, queryKeys.beads, queryKeys.customers].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

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
  const customers = useQuery({
    queryKey: queryKeys.customers,
    queryFn: () => apiGet<Customer[]>('/api/customers'),
    enabled: open && !customer,
  });
  const beads = useQuery({
    queryKey: queryKeys.beads,
    queryFn: () => apiGet<BeadWithTodos[]>('/api/beads'),
    enabled: open,
  });
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
    }
  }, [open, customer?.id, form]);

  const beadTab = form.watch('beadTab');
  const { errors, isSubmitting } = form.formState;

  /** Sets a field from its control and clears its error, as SPEC.md §5 asks. */
  const change = (name: FieldName, value: string) => {
    form.setValue(name, value as never);
    form.clearErrors(name);
  };

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await addTodo.mutateAsync(values);
      notifySuccess(t.added);
      onClose();
    } catch (error) {
      const field = error instanceof ApiError ? fieldOfError(error) : null;
      if (field && error instanceof Error)
        form.setError(field, { message: error.message }, { shouldFocus: true });
      else notifyError(error, t.createFailedPrefix);
    }
  });

  const customerOptions = customer ? [customer] : (customers.data ?? []);

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
                  <Autocomplete<Customer>
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
                    onChange={(beadId) => change('beadId', beadId)}
                    error={errors.beadId?.message}
                    onCreateNew={(name) => {
                      form.setValue('beadTab', 'new');
                      change('newBeadName', name);
                      form.clearErrors('beadId');
                    }}
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

type BeadPickerProps = {
  beads: readonly BeadWithTodos[];
  loading: boolean;
  search: string;
  onSearchChange: (value: string) => void;
  value: string;
  onChange: (beadId: string) => void;
  error?: string;
  onCreateNew: (name: string) => void;
};

/**
 * The 'Eksisterende Perle' tab: a search field over a 210 px list box. Arrow keys move the choice,
 * Enter in the search field picks the first match (instead of sending the form half-filled).
 */
function BeadPicker({
  beads,
  loading,
  search,
  onSearchChange,
  value,
  onChange,
  error,
  onCreateNew,
}: BeadPickerProps) {
  const id = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const query = searchKey(search);
  const matches = useMemo(
    () => (query === '' ? beads : beads.filter((bead) => searchKey(bead.name).includes(query))),
    [beads, query],
  );
  const shown = matches.slice(0, MAX_BEAD_ROWS);
  const focusIndex = Math.max(
    0,
    shown.findIndex((bead) => bead.id === value),
  );

  const pick = (index: number, focus: boolean) => {
    const bead = shown[index];
    if (!bead) return;
    onChange(bead.id);
    if (focus) listRef.current?.querySelectorAll<HTMLElement>('[role="option"]')[index]?.focus();
  };

  const onListKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const moves: Record<string, number> = {
      ArrowDown: focusIndex + 1,
      ArrowUp: focusIndex - 1,
      Home: 0,
      End: shown.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    pick(Math.min(shown.length - 1, Math.max(0, next)), true);
  };

  return (
    <Stack spacing={1}>
      <Box
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          if (shown.length > 0) pick(0, false);
        }}
      >
        <SearchBox value={search} onChange={onSearchChange} placeholder={d.searchBeads} autoFocus={false} />
      </Box>
      <Box
        sx={{
          height: BEAD_LIST_HEIGHT,
          overflowY: 'auto',
          border: 1,
          borderColor: error ? 'error.main' : 'divider',
          borderRadius: 2,
          bgcolor: 'background.paper',
          overscrollBehavior: 'contain',
        }}
      >
        {shown.length === 0 ? (
          <Box sx={{ p: 2, textAlign: 'center', color: 'text.secondary' }}>
            <Typography sx={{ mb: 1 }}>{loading ? texts.app.loading : d.noBeadsFound}</Typography>
            {!loading && search.trim() !== '' && (
              <Button size="small" variant="outlined" onClick={() => onCreateNew(search.trim())}>
                {d.createBeadNamed(search.trim())}
              </Button>
            )}
          </Box>
        ) : (
          <Box
            component="ul"
            ref={listRef}
            role="listbox"
            id={`${id}-beads`}
            aria-label={d.beadList}
            aria-invalid={error ? true : undefined}
            onKeyDown={onListKeyDown}
            sx={{ listStyle: 'none', m: 0, p: 0.5 }}
          >
            {shown.map((bead, index) => {
              const selected = bead.id === value;
              return (
                <Box
                  component="li"
                  key={bead.id}
                  role="option"
                  aria-selected={selected}
                  tabIndex={index === focusIndex ? 0 : -1}
                  onClick={() => onChange(bead.id)}
                  onKeyDown={(event) => {
                    if (event.key === ' ' || event.key === 'Enter') {
                      event.preventDefault();
                      onChange(bead.id);
                    }
                  }}
                  sx={{
                    display: 'flex',
                    alignItems: 'center',
                    gap: 1,
                    minHeight: 44,
                    px: 1.5,
                    borderRadius: 1.5,
                    cursor: 'pointer',
                    bgcolor: selected ? 'rgba(123, 45, 85, 0.12)' : undefined,
                    color: selected ? 'primary.main' : undefined,
                    fontWeight: selected ? 700 : undefined,
                    '&:hover': { bgcolor: selected ? 'rgba(123, 45, 85, 0.16)' : 'action.hover' },
                    '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
                  }}
                >
                  <Box component="span" sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                    {bead.name}
                  </Box>
                  {bead.priceOre === 0 ? (
                    <NewReleasesOutlinedIcon
                      titleAccess={t.newBeadMarker}
                      fontSize="small"
                      sx={{ color: 'warning.main' }}
                    />
                  ) : (
                    <Typography
                      component="span"
                      variant="body2"
                      sx={{
                        color: 'text.secondary',
                        whiteSpace: 'nowrap',
                        fontVariantNumeric: 'tabular-nums',
                      }}
                    >
                      {formatKr(bead.priceOre)}
                    </Typography>
                  )}
                  <CheckIcon
                    fontSize="small"
                    aria-hidden
                    sx={{ visibility: selected ? 'visible' : 'hidden', color: 'primary.main' }}
                  />
                </Box>
              );
            })}
          </Box>
        )}
        {matches.length > shown.length && (
          <Typography variant="body2" sx={{ color: 'text.secondary', px: 2, pb: 1 }}>
            {d.moreBeads(shown.length, matches.length)}
          </Typography>
        )}
      </Box>
      {error && (
        <FormHelperText error sx={{ mx: 1.75 }}>
          {error}
        </FormHelperText>
      )}
    </Stack>
  );
}
