import { zodResolver } from '@hookform/resolvers/zod';
import '../../../shared/zod-danish.ts';
import { Stack, TextField, Typography } from '@mui/material';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { Customer } from '../../../shared/schemas/api-customers.ts';
import { type CustomerEditForm, customerEditFormSchema } from '../../../shared/schemas/customer.ts';
import { texts } from '../../../shared/texts.ts';
import { useUpdateCustomer } from '../../api/customers.ts';
import { FormDialog } from '../../components/form-dialog.tsx';
import { ApiError } from '../../lib/api-error.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';

const t = texts.customers;
const c = t.care;

type EditCustomerDialogProps = {
  open: boolean;
  customer: Pick<Customer, 'id' | 'name' | 'phone' | 'email' | 'address'>;
  onClose: () => void;
};

type FormValues = { name: string; phone: string; email: string; address: string };

const valuesOf = (customer: EditCustomerDialogProps['customer']): FormValues => ({
  name: customer.name,
  phone: customer.phone ?? '',
  email: customer.email ?? '',
  address: customer.address ?? '',
});

const FIELDS = ['name', 'phone', 'email', 'address'] as const;

/**
 * 'Redigér kunde': the name (the same rules and duplicate message as adding) and the optional phone, e-mail and
 * address. Saving sends every field (PATCH is absolute: an emptied field clears it).
 */
export function EditCustomerDialog({ open, customer, onClose }: EditCustomerDialogProps) {
  const update = useUpdateCustomer(customer.id);
  const form = useForm<FormValues, unknown, CustomerEditForm>({
    resolver: zodResolver(customerEditFormSchema),
    defaultValues: valuesOf(customer),
  });

  // Fresh values each time it opens (the customer may have changed on another device meanwhile).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when it opens, not on every refetch.
  useEffect(() => {
    if (open) form.reset(valuesOf(customer));
  }, [open, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      notifySuccess(c.saved);
      onClose();
    } catch (error) {
      const field =
        error instanceof ApiError
          ? error.code === 'CUSTOMER_NAME_TAKEN'
            ? 'name'
            : FIELDS.find((name) => name === error.field)
          : undefined;
      if (field && error instanceof Error)
        form.setError(field, { message: error.message }, { shouldFocus: true });
      else notifyError(error);
    }
  });

  const { errors, isSubmitting } = form.formState;
  return (
    <FormDialog
      open={open}
      title={c.editDialogTitle}
      onClose={onClose}
      onSubmit={onSubmit}
      submitting={isSubmitting}
      submitLabel={isSubmitting ? c.saving : c.save}
    >
      <Stack spacing={2}>
        <TextField
          label={t.nameLabel}
          required
          autoComplete="off"
          error={Boolean(errors.name)}
          helperText={errors.name?.message ?? t.nameHelper}
          {...form.register('name')}
        />
        <Typography variant="body2" color="text.secondary">
          {c.editHelper}
        </Typography>
        <TextField
          label={c.phoneLabel}
          type="tel"
          autoComplete="off"
          slotProps={{ htmlInput: { inputMode: 'tel' } }}
          error={Boolean(errors.phone)}
          helperText={errors.phone?.message}
          {...form.register('phone')}
        />
        <TextField
          label={c.emailLabel}
          type="email"
          autoComplete="off"
          slotProps={{ htmlInput: { inputMode: 'email', autoCapitalize: 'none' } }}
          error={Boolean(errors.email)}
          helperText={errors.email?.message}
          {...form.register('email')}
        />
        <TextField
          label={c.addressLabel}
          multiline
          minRows={2}
          maxRows={5}
          autoComplete="off"
          error={Boolean(errors.address)}
          helperText={errors.address?.message}
          {...form.register('address')}
        />
      </Stack>
    </FormDialog>
  );
}
