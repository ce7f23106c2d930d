/**
 * OE清洗 (/operation/product/clean/oe?oe=, D04-03): look an OE number up, see its catalogue entry,
 * stock on sale, merges and relations with their stock, merge a duplicate into it, set a
 * supersession (旧号 → 新号) or an alias, remove a relation, and read what operators changed.
 * The OE search follows every change on its next query.
 */
import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Dropdown } from 'primereact/dropdown';
import type { OpOeView } from '../../../../shared/contracts';
import { AUDIT_ACTIONS } from '../../../../shared/domain/operation';
import { normalizeOe, OE_MIN_LENGTH } from '../../../../shared/domain/oe';
import { ApiError } from '../../../api/request';
import { Field } from '../../../ui/form/Field';
import { errorText } from '../../../ui/form/form';
import { oeViewQuery } from '../trade/queries';
import { useMergeOe, useRelateOe, useUnmergeOe, useUnrelateOe } from './mutations';
import { when } from '../format';
import { valueText } from '../system/AuditLogPage';
import '../operation.css';

type Status = { kind: 'ok' | 'error'; text: string } | null;
type Errors = Record<string, string>;

/** 替换为新号 / 被新号替换 … in the words of the relation table, from this number's side. */
const relationText = (r: OpOeView['relations'][number]) => {
  if (r.merged) return '合并（别名）';
  if (r.kind === 'alias') return '别名';
  if (r.newer === true) return '替换号：新号';
  if (r.newer === false) return '替换号：旧号';
  return '替换号';
};

const RELATE_KINDS = [
  { value: 'newer', label: '新号（本号被它替换）' },
  { value: 'older', label: '旧号（本号替换了它）' },
  { value: 'alias', label: '别名（同一配件的另一编号）' },
];

/** One logged change of this number in words (the log keeps the raw values). */
const historyText = (h: OpOeView['history'][number]) => {
  const n = (h.new_value ?? {}) as { merged_into?: string; merged_from?: string; numbers?: number; related?: string; kind?: 'supersession' | 'alias'; newer?: boolean | null };
  const o = (h.old_value ?? {}) as { merged_into?: string; merged_from?: string; related?: string; kind?: 'supersession' | 'alias'; newer?: boolean | null };
  const kindText = (x: { kind?: string; newer?: boolean | null }) => (x.kind === 'alias' ? '别名' : x.newer === true ? '替换号（新号）' : x.newer === false ? '替换号（旧号）' : '替换号');
  if (h.action === 'merge') return n.merged_into ? `合并到 ${n.merged_into}` : `并入 ${n.merged_from ?? ''}（合并后共 ${n.numbers ?? 2} 个编号）`;
  if (h.action === 'unmerge') return o.merged_into ? `撤销合并到 ${o.merged_into}` : `${o.merged_from ?? ''} 撤销合并，离开本组`;
  if (h.action === 'relate') return `设置 ${n.related ?? ''} 为${kindText(n)}${o.kind ? `（原为${kindText(o)}）` : ''}`;
  if (h.action === 'unrelate') return `删除与 ${o.related ?? ''} 的${kindText(o)}关联`;
  return `${AUDIT_ACTIONS[h.action as keyof typeof AUDIT_ACTIONS] ?? h.action}：${valueText(h.new_value ?? h.old_value)}`;
};

const checkOe = (label: string, s: string) =>
  (s.trim() === '' ? `请填写${label}` : normalizeOe(s).length < OE_MIN_LENGTH ? `${label}至少${OE_MIN_LENGTH}位字母或数字` : '');

export function OeCleanPage({ oe, onOe }: { oe: string; onOe: (oe: string) => void }) {
  const [lookup, setLookup] = useState(oe);
  const [lookupError, setLookupError] = useState('');
  const [status, setStatus] = useState<Status>(null);
  const norm = normalizeOe(oe);
  const q = useQuery({ ...oeViewQuery(norm), enabled: norm.length >= OE_MIN_LENGTH });

  const go = () => {
    const err = checkOe('OE号', lookup);
    setLookupError(err);
    if (!err) {
      setStatus(null);
      onOe(normalizeOe(lookup));
    }
  };

  return (
    <div className="op-detail">
      <section className="card">
        <h2 style={{ marginTop: 0 }}>OE清洗</h2>
        <p className="muted" style={{ marginTop: 0 }}>合并重复的OE号、设置替换号和别名。买家按任一编号搜索，都能查到关联编号下的库存。</p>
        <form className="op-oe-lookup" onSubmit={(e) => { e.preventDefault(); go(); }}>
          <Field id="oe-lookup" label="OE号" error={lookupError}>
            <InputText id="oe-lookup" value={lookup} onChange={(e) => { setLookup(e.target.value); setLookupError(''); }} placeholder="输入OE号，如 04465-33450" />
          </Field>
          <Button type="submit" label="查询" icon="pi pi-search" />
        </form>
      </section>
      {status && <p className={`op-status ${status.kind}`} role={status.kind === 'error' ? 'alert' : 'status'}>{status.text}</p>}
      {norm.length >= OE_MIN_LENGTH && (q.isError ? <section className="card" role="alert">{errorText(q.error)}</section>
        : !q.data ? <section className="card" aria-busy="true">正在加载…</section>
          : <OeDetail view={q.data} onOe={(x) => { setLookup(x); onOe(x); }} onDone={(text) => setStatus({ kind: 'ok', text })} onError={(text) => setStatus({ kind: 'error', text })} />)}
    </div>
  );
}

function OeDetail({ view, onOe, onDone, onError }: { view: OpOeView; onOe: (oe: string) => void; onDone: (text: string) => void; onError: (text: string) => void }) {
  const [merge, setMerge] = useState('');
  const [related, setRelated] = useState('');
  const [kind, setKind] = useState('newer');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState('');
  const keys = useRef<Record<string, string>>({});
  const keyFor = (body: unknown) => (keys.current[JSON.stringify(body)] ??= crypto.randomUUID());
  const mergeOe = useMergeOe();
  const unmergeOe = useUnmergeOe();
  const relateOe = useRelateOe();
  const unrelateOe = useUnrelateOe();

  const run = async (what: string, fn: () => Promise<unknown>, done: string, fieldMap: Record<string, string> = {}) => {
    setBusy(what);
    setErrors({});
    try {
      await fn();
      onDone(done);
      return true;
    } catch (e) {
      if (e instanceof ApiError && e.field && fieldMap[e.field]) setErrors({ [fieldMap[e.field]]: e.message });
      else onError(errorText(e));
      return false;
    } finally {
      setBusy('');
    }
  };

  const doMerge = async () => {
    const err = checkOe('被合并的OE号', merge);
    if (err) return setErrors({ merge: err });
    const body = { keep: view.oe_norm, merge: merge.trim() };
    if (!window.confirm(`把 ${normalizeOe(merge)} 合并到 ${view.oe_norm}？两者成为同一配件，搜索任一编号都能查到两者的库存。（合并后可在被合并号的页面撤销）`)) return;
    if (await run('merge', () => mergeOe.mutateAsync({ payload: body, idempotencyKey: keyFor(['merge', body]) }),
      `已把 ${normalizeOe(merge)} 合并到 ${view.oe_norm}`, { merge: 'merge', keep: 'merge' })) setMerge('');
  };

  const doUnmerge = async () => {
    const into = view.merged_into!;
    if (!window.confirm(`撤销 ${view.oe_norm} 与 ${into.oe_norm} 的合并？搜索 ${into.oe_norm} 将不再查到 ${view.oe_norm} 的库存；它与其他编号的替换号和别名保留。`)) return;
    const body = { oe: view.oe_norm };
    // one key per merge: a later merge of the same number and its undo are new writes
    await run('unmerge', () => unmergeOe.mutateAsync({ payload: body, idempotencyKey: keyFor(['unmerge', body, into.at]) }),
      `已撤销 ${view.oe_norm} 与 ${into.oe_norm} 的合并`);
  };

  const doRelate = async () => {
    const err = checkOe('关联OE号', related);
    if (err) return setErrors({ related: err });
    const other = related.trim();
    const body = kind === 'older' ? { oe: other, related: view.oe_norm, kind: 'supersession' as const }
      : { oe: view.oe_norm, related: other, kind: kind === 'alias' ? 'alias' as const : 'supersession' as const };
    if (await run('relate', () => relateOe.mutateAsync({ payload: body, idempotencyKey: keyFor(['relate', body]) }),
      `已设置 ${normalizeOe(other)} 为${RELATE_KINDS.find((k) => k.value === kind)?.label.replace(/（.*/, '')}`, { related: 'related', oe: 'related', kind: 'related' })) setRelated('');
  };

  const unrelate = async (r: OpOeView['relations'][number]) => {
    if (!window.confirm(`删除 ${view.oe_norm} 与 ${r.related_norm} 的${relationText(r)}关联？`)) return;
    const body = { oe: view.oe_norm, related: r.related_norm };
    await run(`un-${r.related_norm}`, () => unrelateOe.mutateAsync({ payload: body, idempotencyKey: keyFor(['unrelate', body]) }), `已删除与 ${r.related_norm} 的关联`);
  };

  const mergedAway = view.merged_into !== null;
  return (
    <>
      <section className="card" data-testid="oe-summary">
        <div className="op-detail-head">
          <h2>{view.product?.oe_number ?? view.oe_norm} {mergedAway && <span className="op-tag danger">已合并</span>}</h2>
        </div>
        <dl className="op-kv">
          <div><dt>标准编号</dt><dd>{view.oe_norm}</dd></div>
          <div><dt>目录</dt><dd>{view.product ? `${view.product.make_name} · ${view.product.name}` : view.known ? '不在OE目录中（只有卖家库存）' : '目录和库存中都没有'}</dd></div>
          <div><dt>在售库存</dt><dd data-testid="oe-stock-on">{view.stock_on} 条</dd></div>
          {view.merged_into && <div><dt>已合并到</dt><dd><button type="button" className="linklike" onClick={() => onOe(view.merged_into!.oe_norm)}>{view.merged_into.oe_norm}</button>（{view.merged_into.username}，{when(view.merged_into.at)}）
            <Button label="撤销合并" text severity="danger" size="small" loading={busy === 'unmerge'} onClick={() => void doUnmerge()} /></dd></div>}
          {view.merged_from.length > 0 && <div><dt>并入的编号</dt><dd>{view.merged_from.map((m) => m.oe_norm).join('、')}</dd></div>}
        </dl>
      </section>

      <section className="card">
        <h3 style={{ marginTop: 0 }}>替换号与别名</h3>
        {view.relations.length === 0 ? <p className="muted">没有关联的编号。</p> : (
          <div className="op-table-wrap">
            <table className="op-table" data-testid="oe-relations">
              <thead><tr><th>关联OE号</th><th>关系</th><th>在售库存</th><th>操作</th></tr></thead>
              <tbody>
                {view.relations.map((r) => (
                  <tr key={r.related_norm}>
                    <td><button type="button" className="linklike" onClick={() => onOe(r.related_norm)}>{r.related_norm}</button></td>
                    <td><span className="op-tag">{relationText(r)}</span></td>
                    <td>{r.stock_on} 条</td>
                    <td>{r.merged ? <span className="muted">合并产生，不能单独删除</span>
                      : <Button label="删除" text severity="danger" size="small" loading={busy === `un-${r.related_norm}`} onClick={() => void unrelate(r)} />}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      {view.known && !mergedAway && (
        <section className="card op-oe-forms">
          <form onSubmit={(e) => { e.preventDefault(); void doMerge(); }}>
            <h3>合并重复编号</h3>
            <p className="muted">被合并的编号成为 {view.oe_norm} 的别名，并带上彼此的全部替换号和别名；目录中的重复条目并入本号。卖家库存保留原编号。</p>
            <Field id="oe-merge" label="被合并的OE号" error={errors.merge} required>
              <InputText id="oe-merge" value={merge} onChange={(e) => { setMerge(e.target.value); setErrors({}); }} />
            </Field>
            <Button type="submit" label={`合并到 ${view.oe_norm}`} severity="warning" loading={busy === 'merge'} />
          </form>
          <form onSubmit={(e) => { e.preventDefault(); void doRelate(); }}>
            <h3>设置替换号或别名</h3>
            <p className="muted">搜索任一编号时，也列出关联编号的库存。</p>
            <Field id="oe-related" label="关联OE号" error={errors.related} required>
              <InputText id="oe-related" value={related} onChange={(e) => { setRelated(e.target.value); setErrors({}); }} />
            </Field>
            <Field id="oe-kind" label="它是本号的">
              <Dropdown inputId="oe-kind" value={kind} options={RELATE_KINDS} onChange={(e) => setKind(e.value as string)} />
            </Field>
            <Button type="submit" label="保存关联" loading={busy === 'relate'} />
          </form>
        </section>
      )}

      <section className="card">
        <h3 style={{ marginTop: 0 }}>修改记录</h3>
        {view.history.length === 0 ? <p className="muted">运营人员还没有修改过这个编号。</p> : (
          <ul className="op-history">
            {view.history.map((h, i) => (
              <li key={i}>{when(h.at)} · {h.username} · {historyText(h)}</li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
