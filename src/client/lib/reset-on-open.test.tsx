import { act, renderHook } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { resetOnOpen, sameValues } from './reset-on-open.ts';

type Values = { amount: string; method: string };

describe('resetOnOpen', () => {
  it('leaves a form that holds the opening values as it is: no second render', () => {
    let renders = 0;
    const { result } = renderHook(() => {
      renders++;
      return useForm<Values>({ defaultValues: { amount: '178', method: 'mobilepay' } });
    });
    const before = renders;
    act(() => resetOnOpen(result.current, { method: 'mobilepay', amount: '178' }));
    expect(renders).toBe(before);
  });

  it('starts from the new values when what is owed changed, and after an edit or a submit', async () => {
    const { result } = renderHook(() =>
      useForm<Values>({ defaultValues: { amount: '178', method: 'mobilepay' } }),
    );
    act(() => resetOnOpen(result.current, { amount: '78', method: 'mobilepay' }));
    expect(result.current.getValues()).toEqual({ amount: '78', method: 'mobilepay' });

    act(() => result.current.setValue('method', 'cash', { shouldDirty: true }));
    act(() => resetOnOpen(result.current, { amount: '78', method: 'mobilepay' }));
    expect(result.current.getValues('method')).toBe('mobilepay');
    expect(result.current.formState.isDirty).toBe(false);

    await act(() => result.current.handleSubmit(() => {})());
    expect(result.current.formState.isSubmitted).toBe(true);
    act(() => resetOnOpen(result.current, { amount: '78', method: 'mobilepay' }));
    expect(result.current.formState.isSubmitted).toBe(false);
  });

  it('clears the errors of the last opening', () => {
    const { result } = renderHook(() =>
      useForm<Values>({ defaultValues: { amount: '', method: 'mobilepay' } }),
    );
    act(() => result.current.setError('amount', { message: 'Skriv et beløb' }));
    act(() => resetOnOpen(result.current, { amount: '', method: 'mobilepay' }));
    expect(result.current.formState.errors.amount).toBeUndefined();
  });
});

describe('sameValues', () => {
  it('compares at any depth, whatever the order of the keys', () => {
    expect(sameValues({ a: 1, b: { c: 'x' } }, { b: { c: 'x' }, a: 1 })).toBe(true);
    expect(sameValues({ a: 1, b: { c: 'x' } }, { a: 1, b: { c: 'y' } })).toBe(false);
    expect(sameValues({ a: 1 }, { a: 1, b: undefined })).toBe(true);
    expect(sameValues({ a: '' }, { a: null })).toBe(false);
    expect(sameValues([1, 2], { 0: 1, 1: 2 })).toBe(false);
  });
});
