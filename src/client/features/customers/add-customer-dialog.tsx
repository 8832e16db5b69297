import { zodResolver } from '@hookform/resolvers/zod';
import '../../../shared/zod-danish.ts';
import { TextField } from '@mui/material';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { Customer } from '../../../shared/schemas/api-customers.ts';
import {
  type CustomerCreate,
  type CustomerCreateInput,
  customerCreateSchema,
} from '../../../shared/schemas/customer.ts';
import { texts } from '../../../shared/texts.ts';
import { useAddCustomer } from '../../api/customers.ts';
import { FormDialog } from '../../components/form-dialog.tsx';
import { ApiError } from '../../lib/api-error.ts';
import { useActionKey } from '../../lib/idempotency.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';

const t = texts.customers;

type AddCustomerDialogProps = {
  open: boolean;
  /** Name to start with, e.g. the search text from 'Tilføj "{search}"'. */
  initialName?: string;
  onClose: () => void;
  onAdded?: (customer: Customer) => void;
};

/** 'Tilføj ny kunde': one required name; a taken name (Åse = åse) is shown on the field. */
export function AddCustomerDialog({ open, initialName = '', onClose, onAdded }: AddCustomerDialogProps) {
  const addCustomer = useAddCustomer();
  const actionKey = useActionKey();
  const form = useForm<CustomerCreateInput, unknown, CustomerCreate>({
    resolver: zodResolver(customerCreateSchema),
    defaultValues: { name: initialName },
  });

  useEffect(() => {
    if (open) {
      form.reset({ name: initialName });
      actionKey.renew();
    }
  }, [open, initialName, form, actionKey.renew]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const customer = await addCustomer.mutateAsync({
        body: values,
        idempotencyKey: actionKey.keyFor(values),
      });
      actionKey.renew();
      notifySuccess(t.added);
      onAdded?.(customer);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && (error.code === 'CUSTOMER_NAME_TAKEN' || error.field === 'name')) {
        form.setError('name', { message: error.message }, { shouldFocus: true });
      } else {
        notifyError(error);
      }
    }
  });

  const { errors, isSubmitting } = form.formState;
  return (
    <FormDialog
      open={open}
      title={t.addDialogTitle}
      onClose={onClose}
      onSubmit={onSubmit}
      submitting={isSubmitting}
      submitLabel={isSubmitting ? texts.common.adding : texts.common.add}
    >
      <TextField
        label={t.nameLabel}
        required
        autoFocus
        autoComplete="off"
        error={Boolean(errors.name)}
        helperText={errors.name?.message ?? t.nameHelper}
        {...form.register('name')}
      />
    </FormDialog>
  );
}
