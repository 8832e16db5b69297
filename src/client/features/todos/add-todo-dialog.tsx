import { Box, Stack, TextField } from '@mui/material';
import { useId } from 'react';
import { Controller } from 'react-hook-form';
import type { Customer } from '../../../shared/schemas/api-customers.ts';
import { texts } from '../../../shared/texts.ts';
import { useCustomers } from '../../api/customers.ts';
import { FormDialog } from '../../components/form-dialog.tsx';
import { BeadField, CustomerField } from './add-todo-fields.tsx';
import { useAddTodoForm } from './add-todo-form.ts';

const d = texts.todos.dialog;

type AddTodoDialogProps = {
  open: boolean;
  onClose: () => void;
  /** Opened from a customer page: the todo is for this customer and the field is locked. */
  customer?: Pick<Customer, 'id' | 'name'>;
};

/**
 * 'Tilføj Todo' (docs/product/todos.md): Antal, Kunde (searchable; locked when opened from a customer page) and the
 * bead, picked from the catalogue or typed as a new one (created at 0 kr). A todo for the same bead and
 * customer adds to the existing one's amount (the server merges). Errors clear as soon as their field changes.
 * The form is in add-todo-form.ts, the customer and bead fields in add-todo-fields.tsx.
 */
export function AddTodoDialog({ open, onClose, customer }: AddTodoDialogProps) {
  const id = useId();
  const customers = useCustomers({ enabled: open && !customer });
  const todoForm = useAddTodoForm({ open, onClose, customer });
  const { form, change, onSubmit } = todoForm;

  const beadTab = form.watch('beadTab');
  const { errors, isSubmitting } = form.formState;

  const customerOptions: Pick<Customer, 'id' | 'name'>[] = customer ? [customer] : (customers.data ?? []);

  return (
    <FormDialog
      open={open}
      title={d.title}
      onClose={onClose}
      onSubmit={onSubmit}
      submitting={isSubmitting}
      submitLabel={isSubmitting ? d.submitting : d.submit}
      contentSx={{ px: { xs: 2, sm: 3 } }}
    >
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
          <CustomerField
            todoForm={todoForm}
            customer={customer}
            options={customerOptions}
            loading={!customer && customers.isPending}
            error={errors.customerId?.message}
          />
        </Box>
        <BeadField
          todoForm={todoForm}
          idPrefix={id}
          beadTab={beadTab}
          errors={{ beadId: errors.beadId?.message, newBeadName: errors.newBeadName?.message }}
        />
      </Stack>
    </FormDialog>
  );
}
