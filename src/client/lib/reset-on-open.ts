import type { FieldValues, UseFormReturn } from 'react-hook-form';

/**
 * A dialog's form starts each opening from `values` (what is owed now, the customer as saved now). A reset renders
 * the open dialog a second time, so it is done only when the form holds something else: other values, an edit,
 * errors, or a past submit. A dialog opened again as it was left opens in one render (the taps bench: "again").
 */
export function resetOnOpen<T extends FieldValues, C, R>(form: UseFormReturn<T, C, R>, values: T): void {
  const { isDirty, isSubmitted, errors } = form.formState;
  if (!isDirty && !isSubmitted && Object.keys(errors).length === 0 && sameValues(form.getValues(), values))
    return;
  form.reset(values);
}

/** Equal form values: the same keys with equal values, at any depth, whatever the keys' order. */
export function sameValues(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys)
    if (!sameValues((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
  return true;
}
