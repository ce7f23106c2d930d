/**
 * The form kit (docs/architecture.md, "Forms"): every data-entry form of the site keeps its values
 * through any refusal, shows one message per field under that field (label above, message in red
 * below: Field.tsx), from the endpoint's own valibot schema before anything is sent and from the
 * server's `field` after, and moves the focus to the first bad field. `submit` is the save of such
 * a form, through a form write (useFormWrite) declared in the feature's mutations.ts.
 */
import { useEffect, useRef, useState, type SetStateAction } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import * as v from 'valibot';
import { endpoints, type AnswerOf, type EndpointName, type PayloadIn } from '../../../shared/contracts';
import { fieldErrors } from '../../../shared/domain/field-errors';
import { ApiError, OfflineError } from '../../api/request';
import { useKeyedCall } from '../../api/use-call';
import { sessionDraft } from '../../local/session-draft';
import { msg } from '../../../shared/messages';

export const OFFLINE_TEXT = '网络不可用，请联网后再试';

export const errorText = (e: unknown, offline = OFFLINE_TEXT) =>
  e instanceof OfflineError ? offline : e instanceof ApiError || e instanceof Error ? e.message : msg.serverError;

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

export interface FormOptions {
  /**
   * Put before a field's name to make its element id (`checkout-` + `contact_name`), for a page
   * that holds more than one form; a dotted name (`remarks.0.remark`) takes dashes.
   */
  idPrefix?: string;
  /** a field's element id, when the page's ids follow another pattern (`rate-VND` for rate_value) */
  idOf?: (field: string) => string;
  /** what an offline refusal says, when the form says more than the kit's words */
  offline?: string;
  /**
   * Keeps the values and the Idempotency-Key in this tab's sessionStorage under this name (with
   * its scope, e.g. `seller-apply:<user>`) through a refusal or a reload, until a save succeeds
   * (docs/architecture.md, "Offline first"). Never for a password.
   */
  keep?: string;
}

const shapeOf = (x: unknown) => (x === null || x === undefined ? 'empty' : Array.isArray(x) ? 'array' : typeof x);

/** A kept draft is used only when it has every field of the form, each of the same kind (or empty). */
const sameShape = (initial: Record<string, unknown>) => (x: unknown): boolean =>
  typeof x === 'object' && x !== null && !Array.isArray(x)
  && Object.entries(initial).every(([k, value]) => {
    const a = shapeOf(value);
    const b = shapeOf((x as Record<string, unknown>)[k]);
    return a === b || a === 'empty' || b === 'empty';
  });

const keptForms = (initial: Record<string, unknown>) =>
  sessionDraft(v.object({ values: v.custom<Record<string, unknown>>(sameShape(initial), 'form draft'), key: v.string() }), 'form', () => ({ values: initial, key: crypto.randomUUID() }));

export function useForm<T extends Record<string, unknown>>(initial: T | (() => T), opts: FormOptions = {}) {
  const { idPrefix = '', offline, keep, idOf: ownId } = opts;
  const [start] = useState(() => {
    const first = typeof initial === 'function' ? initial() : initial;
    return keep ? (keptForms(first).load(keep) as { values: T; key: string }) : { values: first, key: crypto.randomUUID() };
  });
  const [values, setValues] = useState<T>(start.values);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const key = useRef<string>(start.key);
  // the values a save sent: not kept again, unless typed on
  const sent = useRef<T | null>(null);

  // kept once something is typed: an untouched form takes its values afresh next time
  useEffect(() => {
    if (keep && values !== start.values && values !== sent.current) keptForms(values).save(keep, { values, key: key.current });
  }, [keep, values, start]);

  /** The element id of a field: its label's `for`, its message's `<id>-error`. */
  const idOf = (field: string) => ownId?.(field) ?? idPrefix + field.replaceAll('.', '-');
  // pages written before idOf dash only the first dot (`lines-0.qty`)
  const elementOf = (field: string) => document.getElementById(idOf(field)) ?? document.getElementById(idPrefix + field.replace('.', '-'));
  /** The field of a dotted name that the page shows: `img_infos.2` falls back to `img_infos`. */
  const shownField = (field: string) => {
    for (let f = field; f; f = f.includes('.') ? f.slice(0, f.lastIndexOf('.')) : '') if (elementOf(f)) return f;
    return undefined;
  };
  const focus = (field: string) => {
    const el = elementOf(field);
    el?.focus();
    el?.scrollIntoView?.({ block: 'nearest' });
  };

  const set = <K extends keyof T>(name: K, value: T[K]) => {
    setValues((old) => ({ ...old, [name]: value }));
    setErrors((old) => {
      if (!(name as string in old)) return old;
      const rest = { ...old };
      delete rest[name as string];
      return rest;
    });
  };

  /** Replaces the values (a dialog emptied after a publish, the defaults put back). */
  const reset = (next: SetStateAction<T>) => {
    setValues(next);
    setErrors({});
    setFormError('');
  };

  /**
   * True when the schema accepts the values (or `input`); otherwise shows each field's message,
   * a message of a field the page does not show above the button, and focuses the first bad field.
   */
  const check = (schema: v.GenericSchema, input: unknown = values) => {
    const found = fieldErrors(schema, input);
    const shown: Record<string, string> = { ...found };
    let other = '';
    for (const [f, text] of Object.entries(found)) {
      const at = shownField(f);
      if (at) shown[at] ??= text;
      else other ||= text;
    }
    setErrors(shown);
    setFormError(other);
    const first = Object.keys(found).map(shownField).find((f) => f !== undefined);
    if (first) focus(first);
    return Object.keys(found).length === 0;
  };

  /** Puts a refusal from the server under its field, or above the button when it names none shown. */
  const refuse = (e: unknown, fallbackField?: string) => {
    const field = shownField((e instanceof ApiError ? e.field : undefined) || fallbackField || '');
    if (field) {
      setErrors({ [field]: errorText(e, offline) });
      setFormError('');
      focus(field);
    } else setFormError(errorText(e, offline));
  };

  /** The props of a Field and of its text input: id, value, typing, and the invalid look. */
  const text = <K extends keyof T & string>(name: K) => ({
    id: idOf(name),
    name,
    value: (values[name] ?? '') as string,
    invalid: !!errors[name],
    'aria-invalid': !!errors[name] || undefined,
    'aria-describedby': errors[name] ? `${idOf(name)}-error` : undefined,
    onChange: (e: { target: { value: string } }) => set(name, e.target.value as T[K]),
  });

  /**
   * Saves through a form write (useFormWrite): the payload checked against the call's own schema
   * (each field's message under it), sent under one Idempotency-Key (pressing again after a
   * refusal or a lost answer does nothing twice; a success takes a new key for the next save), a
   * refusal put under its field and the values kept. `busy` is true meanwhile. onSaved gets the
   * answer. `key`: the form's draft keeps its own key (the order form); `refused`: what else the
   * page does after a refusal (read the cart again).
   */
  const submit = async <N extends EndpointName>(
    write: FormWrite<N>, payload: PayloadIn<N>, onSaved: (answer: AnswerOf<N>) => void | Promise<void>,
    more: { key?: string; refused?: (e: unknown) => void } = {},
  ) => {
    if (!check(endpoints[write.name].payload, payload)) return;
    setBusy(true);
    let answer: AnswerOf<N>;
    try {
      answer = await write.mutateAsync({ payload, idempotencyKey: more.key ?? key.current });
      key.current = crypto.randomUUID();
      if (keep) {
        sent.current = values;
        keptForms(values).clear(keep);
      }
    } catch (e) {
      refuse(e);
      more.refused?.(e);
      return;
    } finally {
      setBusy(false);
    }
    await onSaved(answer);
  };

  return { values, set, setValues, reset, errors, setErrors, formError, setFormError, check, refuse, busy, submit, idOf, text };
}
