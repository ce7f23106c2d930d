/**
 * The ordered pick list: an operator's hand-ordered selection (首页推荐, 推荐商品) that is edited
 * locally — add, move up and down, remove — and saved as a whole in one call. The block owns the
 * draft, the dirty check, the idempotency key of one save, the status line and the numbered list;
 * a page declares what a row shows, how rows are found, and which call stores the order.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { ApiError } from '../api/request';
import { errorText } from './form/form';
import './ordered-pick-list.css';

export interface PickRow { id: number }

/** what a page's adder gets: the current draft and one way to add to it */
export interface PickAdder<R extends PickRow> {
  rows: readonly R[];
  has: (id: number) => boolean;
  full: boolean;
  /** adds r at the end; false (and a status message) when it is already listed or the list is full */
  add: (r: R) => boolean;
  fail: (text: string) => void;
  clear: () => void;
}

/** R: a row of the draft; S: a row as the stored list returns it (it may carry more than an added row) */
export interface OrderedPickListProps<R extends PickRow, S extends R, K extends QueryKey> {
  title: string;
  intro: ReactNode;
  /** the stored order */
  query: UseQueryOptions<S[], Error, S[], K>;
  canWrite: boolean;
  max: number;
  /** e.g. `首页最多推荐20家企业` */
  fullText: string;
  /** aria-label of the numbered list (tests and screen readers find it by this) */
  listLabel: string;
  emptyText: string;
  savedText: string;
  /** the plain words naming a row, for the buttons' labels and messages */
  label: (r: R) => string;
  /** the row's body between its number and its buttons */
  render: (r: R) => ReactNode;
  /** stores the whole order in one call; key makes a replayed save harmless */
  save: (ids: number[], idempotencyKey: string) => Promise<unknown>;
  adder?: (a: PickAdder<R>) => ReactNode;
}

type Status = { kind: 'ok' | 'error'; text: string };

export function OrderedPickList<R extends PickRow, S extends R, K extends QueryKey>(p: OrderedPickListProps<R, S, K>) {
  const qc = useQueryClient();
  const q = useQuery(p.query);
  const [rows, setRows] = useState<R[] | null>(null);
  const [status, setStatus] = useState<Status | null>(null);
  const [busy, setBusy] = useState(false);
  const key = useRef(crypto.randomUUID());
  useEffect(() => { if (q.data && rows === null) setRows(q.data); }, [q.data, rows]);

  if (q.isError) return <section className="card" role="alert">{errorText(q.error)}</section>;
  if (!rows) return <section className="card" aria-busy="true">正在加载…</section>;
  const ids = (list: readonly R[]) => list.map((r) => r.id).join(',');
  const dirty = ids(rows) !== ids(q.data ?? []);

  const edit = (next: R[]) => { setRows(next); setStatus(null); key.current = crypto.randomUUID(); };
  const move = (i: number, by: number) => {
    const next = [...rows];
    const [r] = next.splice(i, 1);
    next.splice(i + by, 0, r);
    edit(next);
  };
  const adder: PickAdder<R> = {
    rows,
    has: (id) => rows.some((x) => x.id === id),
    full: rows.length >= p.max,
    add: (r) => {
      if (rows.some((x) => x.id === r.id)) { setStatus({ kind: 'error', text: `${p.label(r)} 已在列表中` }); return false; }
      if (rows.length >= p.max) { setStatus({ kind: 'error', text: p.fullText }); return false; }
      edit([...rows, r]);
      return true;
    },
    fail: (text) => setStatus({ kind: 'error', text }),
    clear: () => setStatus(null),
  };
  const save = async () => {
    setBusy(true);
    try {
      await p.save(rows.map((r) => r.id), key.current);
      await qc.invalidateQueries({ queryKey: p.query.queryKey });
      // the stored order as the server now has it (notes on rows it will not show), without
      // unmounting the adder: its search and results stay on screen for the next pick
      setRows(qc.getQueryData<S[]>(p.query.queryKey) ?? rows);
      setStatus({ kind: 'ok', text: p.savedText });
    } catch (e) {
      // the server names the offending entry as ids.N: name the row, not the index
      const at = e instanceof ApiError && e.field?.startsWith('ids.') ? rows[Number(e.field.slice(4))] : undefined;
      setStatus({ kind: 'error', text: at ? `${p.label(at)}：${errorText(e)}` : errorText(e) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card pick-list">
      <h2>{p.title}</h2>
      <p className="muted">{p.intro}</p>
      {p.canWrite && p.adder?.(adder)}
      {status && <p className={`pick-status ${status.kind}`} role={status.kind === 'ok' ? 'status' : 'alert'} data-testid="op-status">{status.text}</p>}
      {rows.length === 0 ? <p className="muted">{p.emptyText}</p> : (
        <ol className="pick-rows" aria-label={p.listLabel}>
          {rows.map((r, i) => (
            <li key={r.id}>
              <span className="pick-no">{i + 1}</span>
              <span className="pick-body">{p.render(r)}</span>
              {p.canWrite && (
                <span className="pick-actions">
                  <Button type="button" icon="pi pi-arrow-up" text aria-label={`上移 ${p.label(r)}`} disabled={i === 0} onClick={() => move(i, -1)} />
                  <Button type="button" icon="pi pi-arrow-down" text aria-label={`下移 ${p.label(r)}`} disabled={i === rows.length - 1} onClick={() => move(i, 1)} />
                  <Button type="button" icon="pi pi-times" text severity="danger" aria-label={`移除 ${p.label(r)}`} onClick={() => edit(rows.filter((x) => x.id !== r.id))} />
                </span>
              )}
            </li>
          ))}
        </ol>
      )}
      {p.canWrite && (
        <div className="pick-actions">
          <Button type="button" label="保存顺序" loading={busy} disabled={!dirty} onClick={() => void save()} />
          {dirty && <Button type="button" label="放弃修改" text onClick={() => { setRows(q.data ?? []); setStatus(null); }} />}
        </div>
      )}
    </section>
  );
}

/** one found row offered to the list: 加入, or 已加入 (disabled) when the draft already holds it */
export function PickOffer<R extends PickRow>({ a, row, label, children }: { a: PickAdder<R>; row: R; label: string; children: ReactNode }) {
  const listed = a.has(row.id);
  return (
    <li>
      <span className="pick-body">{children}</span>
      <Button type="button" label={listed ? '已加入' : '加入'} icon={listed ? 'pi pi-check' : 'pi pi-plus'} text
        aria-label={`${listed ? '已加入' : '加入'} ${label}`} disabled={listed || a.full} onClick={() => a.add(row)} />
    </li>
  );
}
