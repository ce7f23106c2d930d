/**
 * Form state shared by the account, back-office and operator pages: values that survive any
 * refusal, and one message per field, from the shared schema before sending and from the server's
 * `field` after; `submit` is the save of such a form.
 */
import { useRef, useState } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import type * as v from 'valibot';
import { endpoints, type AnswerOf, type EndpointName, type PayloadIn } from '../../../shared/contracts';
import { fieldErrors } from '../../../shared/domain/field-errors';
import { ApiError, OfflineError } from '../../api/request';
import { useKeyedCall } from '../../api/use-call';
import { msg } from '../../../shared/messages';

export const errorText = (e: unknown) =>
  e instanceof OfflineError ? '网络不可用，请联网后再试' : e instanceof ApiError || e instanceof Error ? e.message : msg.serverError;

/**
 * A save a form sends (`useForm().submit`): made in a feature's mutations.ts with useFormWrite, so
 * the write, and the queries it makes stale, are declared with the feature's other writes.
 */
export interface FormWrite<N extends EndpointName> {
  name: N;
  mutateAsync: (vars: { payload: PayloadIn<N>; idempotencyKey: string }) => Promise<AnswerOf<N>>;
}

/**
 * The mutation behind a form's save: the call `name` under the form's Idempotency-Key, refused
 * silently (the form puts the refusal under its field), and the queries under `invalidate` fetched
 * again after a success. The refetch runs in the background: onSaved (closing the dialog, saying
 * 已保存) does not wait for a list of up to 800 rows to load again.
 */
export const useFormWrite = <N extends EndpointName>(name: N, opts: { invalidate?: readonly QueryKey[] } = {}): FormWrite<N> => ({
  name,
  mutateAsync: useKeyedCall(name, { ...opts, refetch: 'background' }).mutateAsync,
});

export function useForm<T extends Record<string, unknown>>(initial: T) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');

  const set = <K extends keyof T>(key: K, value: T[K]) => {
    setValues((old) => ({ ...old, [key]: value }));
    setErrors((old) => {
      if (!(key as string in old)) return old;
      const rest = { ...old };
      delete rest[key as string];
      return rest;
    });
  };

  /** True when the schema accepts the values; otherwise shows each field's message. */
  const check = (schema: v.GenericSchema, input: unknown = values) => {
    const found = fieldErrors(schema, input);
    setErrors(found);
    setFormError('');
    const first = Object.keys(found)[0];
    if (first) document.getElementById(first.replace('.', '-'))?.focus();
    return !first;
  };

  /** Puts a refusal from the server under its field, or above the button when it names none. */
  const refuse = (e: unknown, fallbackField?: string) => {
    const field = (e instanceof ApiError ? e.field : undefined) || fallbackField;
    if (field && document.getElementById(field.replace('.', '-'))) {
      setErrors({ [field]: errorText(e) });
      document.getElementById(field.replace('.', '-'))?.focus();
    } else setFormError(errorText(e));
  };

  const [busy, setBusy] = useState(false);
  const key = useRef<string>(crypto.randomUUID());
  /**
   * Saves through a form write (useFormWrite): the payload checked against the call's own schema
   * (each field's message beside it), sent under one Idempotency-Key (pressing again after a
   * refusal or a lost answer does nothing twice; a success takes a new key for the next save), a
   * refusal put under its field. `busy` is true meanwhile. onSaved gets the answer.
   */
  const submit = async <N extends EndpointName>(write: FormWrite<N>, payload: PayloadIn<N>, onSaved: (answer: AnswerOf<N>) => void | Promise<void>) => {
    if (!check(endpoints[write.name].payload, payload)) return;
    setBusy(true);
    let answer: AnswerOf<N>;
    try {
      answer = await write.mutateAsync({ payload, idempotencyKey: key.current });
      key.current = crypto.randomUUID();
    } catch (e) {
      refuse(e);
      return;
    } finally {
      setBusy(false);
    }
    await onSaved(answer);
  };

  return { values, set, errors, setErrors, formError, setFormError, check, refuse, busy, submit };
}
