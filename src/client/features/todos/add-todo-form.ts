import { zodResolver } from '@hookform/resolvers/zod';
import '../../../shared/zod-danish.ts';
import { type BaseSyntheticEvent, useEffect, useMemo, useState } from 'react';
import { type Resolver, type UseFormReturn, useForm } from 'react-hook-form';
import { sortByName } from '../../../shared/domain/collation.ts';
import type { Bead } from '../../../shared/schemas/api-beads.ts';
import type { Customer } from '../../../shared/schemas/api-customers.ts';
import { makeTodoDialogSchema, type TodoCreate } from '../../../shared/schemas/todo.ts';
import { texts } from '../../../shared/texts.ts';
import { useBeads } from '../../api/beads.ts';
import { useAddTodo } from '../../api/todos.ts';
import { ApiError } from '../../lib/api-error.ts';
import { useActionKey } from '../../lib/idempotency.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';

const t = texts.todos;

/** Which tab the bead comes from: picked from the catalogue, or typed as a new one. */
export type BeadTab = 'existing' | 'new';

/** The form as the fields hold it; the dialog schema checks only the open tab's field. */
export type AddTodoFormValues = {
  amount: string;
  customerId: string;
  beadTab: BeadTab;
  beadId: string;
  newBeadName: string;
};

/** A field of the form. */
export type FieldName = keyof AddTodoFormValues;

const emptyValues = (customerId = ''): AddTodoFormValues => ({
  amount: '1',
  customerId,
  beadTab: 'existing',
  beadId: '',
  newBeadName: '',
});

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

/** The form of 'Tilføj Todo' (add-todo-dialog.tsx) and what its fields need. */
export type AddTodoForm = {
  form: UseFormReturn<AddTodoFormValues, unknown, TodoCreate>;
  /** The beads that can be picked (not deleted), sorted by name. */
  catalogue: Bead[];
  beadsLoading: boolean;
  /** The bead picker's search text. */
  beadSearch: string;
  setBeadSearch: (search: string) => void;
  /** Sets a field from its control and clears its error, as docs/product/todos.md says. */
  change: (name: FieldName, value: string) => void;
  /** 'Opret "…" som ny perle': the searched name moves to the 'Ny Perle' tab. */
  createNewBead: (name: string) => void;
  /** The form's submit handler: checks the values, then sends them. */
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
};

/**
 * The form of 'Tilføj Todo': emptied (and given a new idempotency key) each time the dialog opens, checked
 * against the catalogue's names, sent (queued offline) and closed on success; a refusal from the server is
 * shown at its field, any other failure as a notice.
 */
const catalogues = new WeakMap<readonly Bead[], Bead[]>();
const NO_BEADS: Bead[] = [];

/**
 * The beads that can be picked, in Danish order: sorted once per answer (the dialog opening again with the same
 * answer, on this page or another, sorts nothing).
 */
function catalogueOf(beads: readonly Bead[] | undefined): Bead[] {
  if (!beads) return NO_BEADS;
  let sorted = catalogues.get(beads);
  if (!sorted) {
    sorted = sortByName(
      beads.filter((bead) => !bead.isDeleted),
      (bead) => bead.name,
    );
    catalogues.set(beads, sorted);
  }
  return sorted;
}

export function useAddTodoForm({
  open,
  onClose,
  customer,
}: {
  open: boolean;
  onClose: () => void;
  customer: Pick<Customer, 'id' | 'name'> | undefined;
}): AddTodoForm {
  const addTodo = useAddTodo();
  const actionKey = useActionKey();
  const beads = useBeads({ enabled: open });
  const catalogue = useMemo(() => catalogueOf(beads.data), [beads.data]);
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

  const change = (name: FieldName, value: string) => {
    form.setValue(name, value as never);
    form.clearErrors(name);
  };

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

  return {
    form,
    catalogue,
    beadsLoading: beads.isPending,
    beadSearch,
    setBeadSearch,
    change,
    createNewBead,
    onSubmit,
  };
}
