import { zodResolver } from '@hookform/resolvers/zod';
import '../../../shared/zod-danish.ts';
import { Alert, Stack, TextField, Typography } from '@mui/material';
import { useEffect } from 'react';
import { type Resolver, type UseFormReturn, useForm } from 'react-hook-form';
import { DENMARK } from '../../../shared/domain/address.ts';
import type { Customer } from '../../../shared/schemas/api-customers.ts';
import {
  ADDRESS_FIELDS,
  type CustomerEditForm,
  type CustomerEditFormKeepingAddress,
  customerEditFormKeepingAddressSchema,
  customerEditFormSchema,
} from '../../../shared/schemas/customer.ts';
import { texts } from '../../../shared/texts.ts';
import { useUpdateCustomer } from '../../api/customers.ts';
import { FormDialog } from '../../components/form-dialog.tsx';
import { ApiError } from '../../lib/api-error.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { resetOnOpen } from '../../lib/reset-on-open.ts';
import { AddressFields, type AddressValues } from './address-fields.tsx';

const t = texts.customers;
const c = t.care;

export type EditableCustomer = Pick<
  Customer,
  | 'id'
  | 'name'
  | 'phone'
  | 'email'
  | 'address'
  | 'address2'
  | 'postcode'
  | 'city'
  | 'countryCode'
  | 'addressNeedsCheck'
>;

type EditCustomerDialogProps = {
  open: boolean;
  customer: EditableCustomer;
  onClose: () => void;
  /** Opened from 'Ret adressen': the cursor starts in 'Adresse'. */
  focusAddress?: boolean;
};

type FormValues = { name: string; phone: string; email: string } & AddressValues;
type Saved = CustomerEditForm | CustomerEditFormKeepingAddress;

const valuesOf = (customer: EditableCustomer): FormValues => ({
  name: customer.name,
  phone: customer.phone ?? '',
  email: customer.email ?? '',
  address: customer.address ?? '',
  address2: customer.address2 ?? '',
  postcode: customer.postcode ?? '',
  city: customer.city ?? '',
  countryCode: customer.countryCode || DENMARK,
});

const FIELDS = ['name', 'phone', 'email', ...ADDRESS_FIELDS] as const;

/**
 * An old address marked 'Tjek adressen' that she left as it was: kept (and not checked) while she changes only
 * the name, phone or e-mail. Once she touches it, it is checked and saved like any address.
 */
function keepsOldAddress(customer: EditableCustomer, values: FormValues): boolean {
  const before = valuesOf(customer);
  return customer.addressNeedsCheck && ADDRESS_FIELDS.every((field) => values[field] === before[field]);
}

/**
 * 'Redigér kunde': the name (the same rules and duplicate message as adding), the optional phone and e-mail, and
 * the address for parcels. Saving sends every field (PATCH is absolute: an emptied field clears it).
 */
export function EditCustomerDialog({
  open,
  customer,
  onClose,
  focusAddress = false,
}: EditCustomerDialogProps) {
  const update = useUpdateCustomer(customer.id);
  const full = zodResolver(customerEditFormSchema) as unknown as Resolver<FormValues, unknown, Saved>;
  const keeping = zodResolver(customerEditFormKeepingAddressSchema) as unknown as Resolver<
    FormValues,
    unknown,
    Saved
  >;
  const form = useForm<FormValues, unknown, Saved>({
    resolver: (values, context, options) =>
      (keepsOldAddress(customer, values) ? keeping : full)(values, context, options),
    defaultValues: valuesOf(customer),
  });

  // Fresh values each time it opens (the customer may have changed on another device meanwhile).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when it opens, not on every refetch.
  useEffect(() => {
    if (open) resetOnOpen(form, valuesOf(customer));
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
        {customer.addressNeedsCheck && (
          <Alert severity="warning" sx={{ whiteSpace: 'pre-line' }}>
            <strong>{c.needsCheck}.</strong> {c.needsCheckFormText}
          </Alert>
        )}
        <AddressFields
          form={form as unknown as UseFormReturn<AddressValues, unknown, unknown>}
          autoFocus={focusAddress}
          multilineAddress={customer.addressNeedsCheck && (customer.address ?? '').includes('\n')}
        />
      </Stack>
    </FormDialog>
  );
}
