/**
 * 推荐商品 (/operation/product/recommend, D04-01 to read, D04-02 to change): the sellers' stock rows
 * the storefront home features under 推荐商品, in order. The operator finds rows on sale by OE
 * number or name, adds, removes and moves them, then saves the whole list in one call; the home
 * reads it on its next visit (no redeploy). A row that leaves sale stays listed here, marked, and
 * the home skips it until it is on sale again.
 */
import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import type { OpProductRow } from '../../../shared/contracts';
import { OP_CATALOGUE_CODES, OP_PRODUCT_STATE_TEXT, PRODUCT_RECOMMEND_MAX } from '../../../shared/domain/operation';
import { hasAnyPermission } from '../../../shared/domain/permissions';
import { ApiError, request } from '../../api/request';
import { errorText } from '../account/form';
import { productListQuery, productRecommendQuery, prodKeys } from './product-queries';
import './operation.css';

const rowLabel = (r: OpProductRow) => `${r.supplier_oe} ${r.name}`;
const Detail = ({ r }: { r: OpProductRow }) => (
  <small className="muted"> {[r.brand_name, r.make_name, r.company_name].filter(Boolean).join(' · ')} · 库存ID {r.id}</small>
);

export function ProductRecommendPage() {
  const { session } = useRouteContext({ from: '__root__' });
  const canWrite = hasAnyPermission(session.user?.permissions ?? [], OP_CATALOGUE_CODES.productWrite);
  const qc = useQueryClient();
  const q = useQuery(productRecommendQuery());
  const [rows, setRows] = useState<OpProductRow[] | null>(null);
  const [find, setFind] = useState('');
  const [looked, setLooked] = useState('');
  const found = useQuery({ ...productListQuery({ oe: looked, name: '', brand: '', seller: '', state: 'on', page_number: 1, page_size: 50 }), enabled: looked !== '' });
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const key = useRef(crypto.randomUUID());
  useEffect(() => { if (q.data && rows === null) setRows(q.data); }, [q.data, rows]);

  if (q.isError) return <section className="card" role="alert">{errorText(q.error)}</section>;
  if (!rows) return <section className="card" aria-busy="true">正在加载…</section>;
  const dirty = rows.map((r) => r.id).join(',') !== (q.data ?? []).map((r) => r.id).join(',');

  const edit = (next: OpProductRow[]) => { setRows(next); setStatus(null); key.current = crypto.randomUUID(); };
  const move = (i: number, by: number) => {
    const next = [...rows];
    const [r] = next.splice(i, 1);
    next.splice(i + by, 0, r);
    edit(next);
  };
  const add = (r: OpProductRow) => {
    if (rows.some((x) => x.id === r.id)) return setStatus({ kind: 'error', text: `${rowLabel(r)} 已在推荐列表中` });
    if (rows.length >= PRODUCT_RECOMMEND_MAX) return setStatus({ kind: 'error', text: `首页最多推荐${PRODUCT_RECOMMEND_MAX}条商品` });
    edit([...rows, r]);
  };
  const lookUp = () => {
    const k = find.trim();
    if (k.length < 2) return setStatus({ kind: 'error', text: '请输入至少2个字符的OE号' });
    setStatus(null);
    setLooked(k);
  };
  const save = async () => {
    setBusy(true);
    try {
      await request('post', 'opProductRecommendSave', { ids: rows.map((r) => r.id) }, undefined, { silent: true, idempotencyKey: key.current });
      await qc.invalidateQueries({ queryKey: prodKeys.recommend() });
      setRows(null);
      setStatus({ kind: 'ok', text: '推荐商品已保存，前台首页下次打开即显示' });
    } catch (e) {
      const at = e instanceof ApiError && e.field?.startsWith('ids.') ? rows[Number(e.field.slice(4))] : undefined;
      setStatus({ kind: 'error', text: at ? `${rowLabel(at)}：${errorText(e)}` : errorText(e) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card op-recommend">
      <h2 style={{ marginTop: 0 }}>推荐商品</h2>
      <p className="muted">前台首页“推荐商品”按此顺序显示卖家的在售库存（最多{PRODUCT_RECOMMEND_MAX}条；下架或企业停用的不显示，重新上架后再显示）。</p>
      {canWrite && (
        <form className="op-actions" style={{ marginBottom: '0.8rem' }} onSubmit={(e) => { e.preventDefault(); lookUp(); }}>
          <label htmlFor="product-recommend-find">查找在售库存</label>
          <InputText id="product-recommend-find" value={find} placeholder="OE号（可只填开头）" onChange={(e) => setFind(e.target.value)} />
          <Button type="submit" label="查找" icon="pi pi-search" outlined />
        </form>
      )}
      {canWrite && looked && (
        <div className="op-recommend-found" aria-label="查找结果">
          {found.isPending ? <p className="muted" aria-busy="true">正在查找…</p>
            : found.isError ? <p role="alert">{errorText(found.error)}</p>
            : found.data.data.length === 0 ? <p className="muted">没有在售的 {looked}</p>
            : (
              <ul className="op-recommend-list">
                {found.data.data.map((r) => (
                  <li key={r.id}>
                    <span className="op-recommend-name"><strong>{rowLabel(r)}</strong><Detail r={r} /></span>
                    <Button type="button" label="加入" icon="pi pi-plus" text aria-label={`加入 ${rowLabel(r)} ${r.company_name}`}
                      disabled={rows.some((x) => x.id === r.id)} onClick={() => add(r)} />
                  </li>
                ))}
              </ul>
            )}
          {found.data && found.data.total > found.data.data.length && <p className="muted">共 {found.data.total} 条，只列出前 {found.data.data.length} 条，请输入更完整的OE号</p>}
        </div>
      )}
      {status && <p className={`op-status ${status.kind}`} role={status.kind === 'ok' ? 'status' : 'alert'} data-testid="op-status">{status.text}</p>}
      {rows.length === 0 ? <p className="muted">还没有推荐商品，首页不显示“推荐商品”。</p> : (
        <ol className="op-recommend-list" aria-label="推荐商品顺序">
          {rows.map((r, i) => (
            <li key={r.id}>
              <span className="op-recommend-no">{i + 1}</span>
              <span className="op-recommend-name">
                <strong>{rowLabel(r)}</strong><Detail r={r} />
                {r.state !== 'on' && <span className="op-tag danger">{OP_PRODUCT_STATE_TEXT[r.state]}，首页不显示</span>}
              </span>
              {canWrite && (
                <span className="op-actions">
                  <Button type="button" icon="pi pi-arrow-up" text aria-label={`上移 ${rowLabel(r)}`} disabled={i === 0} onClick={() => move(i, -1)} />
                  <Button type="button" icon="pi pi-arrow-down" text aria-label={`下移 ${rowLabel(r)}`} disabled={i === rows.length - 1} onClick={() => move(i, 1)} />
                  <Button type="button" icon="pi pi-times" text severity="danger" aria-label={`移除 ${rowLabel(r)}`} onClick={() => edit(rows.filter((x) => x.id !== r.id))} />
                </span>
              )}
            </li>
          ))}
        </ol>
      )}
      {canWrite && (
        <div className="op-actions">
          <Button type="button" label="保存顺序" loading={busy} disabled={!dirty} onClick={() => void save()} />
          {dirty && <Button type="button" label="放弃修改" text onClick={() => { setRows(q.data ?? []); setStatus(null); }} />}
        </div>
      )}
    </section>
  );
}
