import { Autocomplete, Box, Button, Tab, Tabs, TextField } from '@mui/material';
import { Controller } from 'react-hook-form';
import { searchKey } from '../../../shared/domain/collation.ts';
import type { Customer } from '../../../shared/schemas/api-customers.ts';
import { texts } from '../../../shared/texts.ts';
import { BeadPicker } from '../../components/bead-picker.tsx';
import type { AddTodoForm, BeadTab } from './add-todo-form.ts';

const d = texts.todos.dialog;

/** Both tab labels stay on one line at 360 px. */
const tabSx = { minHeight: 44, px: 1, whiteSpace: 'nowrap' } as const;

/** 'Kunde' of 'Tilføj Todo': searchable by name; locked to `customer` when opened from a customer page. */
export function CustomerField({
  todoForm: { form, change },
  customer,
  options,
  loading,
  error,
}: {
  todoForm: AddTodoForm;
  customer: Pick<Customer, 'id' | 'name'> | undefined;
  options: Pick<Customer, 'id' | 'name'>[];
  loading: boolean;
  error: string | undefined;
}) {
  return (
    <Controller
      control={form.control}
      name="customerId"
      render={({ field }) => (
        <Autocomplete<Pick<Customer, 'id' | 'name'>>
          fullWidth
          disabled={Boolean(customer)}
          options={options}
          loading={loading}
          value={options.find((option) => option.id === field.value) ?? null}
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
              error={Boolean(error)}
              helperText={error}
            />
          )}
        />
      )}
    />
  );
}

/**
 * The bead of 'Tilføj Todo', in two tabs: picked from the catalogue (a search that finds nothing offers to
 * create the searched name as a new bead), or typed as a new one (created at 0 kr).
 */
export function BeadField({
  todoForm: { form, catalogue, beadsLoading, beadSearch, setBeadSearch, change, createNewBead },
  idPrefix,
  beadTab,
  errors,
}: {
  todoForm: AddTodoForm;
  /** Makes the tabs' ids unique on the page. */
  idPrefix: string;
  beadTab: BeadTab;
  errors: { beadId: string | undefined; newBeadName: string | undefined };
}) {
  return (
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
        <Tab value="existing" label={d.tabExisting} id={`${idPrefix}-tab-existing`} sx={tabSx} />
        <Tab value="new" label={d.tabNew} id={`${idPrefix}-tab-new`} sx={tabSx} />
      </Tabs>
      <Box role="tabpanel" aria-labelledby={`${idPrefix}-tab-${beadTab}`} sx={{ pt: 2 }}>
        {beadTab === 'existing' ? (
          <BeadPicker
            beads={catalogue}
            loading={beadsLoading}
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
                <Button size="small" variant="outlined" onClick={() => createNewBead(beadSearch.trim())}>
                  {d.createBeadNamed(beadSearch.trim())}
                </Button>
              )
            }
            error={errors.beadId}
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
                helperText={errors.newBeadName ?? d.newBeadHelper}
              />
            )}
          />
        )}
      </Box>
    </Box>
  );
}
