/**
 * 首页推荐 (/operation/company/recommend, D02-01 to read, D02-02 to change): the companies the
 * storefront home features, in order. The operator adds, removes and moves rows, then saves the
 * whole list in one call; the home reads it on its next visit (no redeploy).
 */
import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useRouteContext } from '@tanstack/react-router';
import { Button } from 'primereact/button';
import { OP_COMPANY_CODES, RECOMMEND_MAX } from '../../../shared/domain/operation';
import { hasAnyPermission } from '../../../shared/domain/permissions';
import { ApiError, request } from '../../api/request';
import { errorText } from '../account/form';
import { CompanyPicker, type PickedCompany } from './CompanyPicker';
import { opCompanyKeys, recommendListQuery } from './company-queries';
import './operation.css';

interface Row { id: number; name: string; short_name: string; city?: string; suspended: boolean; stock?: number }

export function RecommendPage() {
  const { session } = useRouteContext({ from: '__root__' });
  const canWrite = hasAnyPermission(session.user?.permissions ?? [], OP_COMPANY_CODES.recommendWrite);
  const qc = useQueryClient();
  const q = useQuery(recommendListQuery());
  const [rows, setRows] = useState<Row[] | null>(null);
  const [picked, setPicked] = useState<PickedCompany | null>(null);
  const [pickerKey, setPickerKey] = useState(0);
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const key = useRef(crypto.randomUUID());
  useEffect(() => { if (q.data && rows === null) setRows(q.data); }, [q.data, rows]);

  if (q.isError) return <section className="card" role="alert">{errorText(q.error)}</section>;
  if (!rows) return <section className="card" aria-busy="true">正在加载…</section>;
  const stored = (q.data ?? []).map((r) => r.id).join(',');
  const dirty = rows.map((r) => r.id).join(',') !== stored;

  const edit = (next: Row[]) => { setRows(next); setStatus(null); key.current = crypto.randomUUID(); };
  const move = (i: number, by: number) => {
    const next = [...rows];
    const [r] = next.splice(i, 1);
    next.splice(i + by, 0, r);
    edit(next);
  };
  const add = () => {
    if (!picked) return setStatus({ kind: 'error', text: '请先选择要推荐的企业' });
    if (rows.some((r) => r.id === picked.id)) return setStatus({ kind: 'error', text: `${picked.name} 已在推荐列表中` });
    edit([...rows, picked]);
    setPicked(null);
    setPickerKey((k) => k + 1);
  };
  const save = async () => {
    setBusy(true);
    try {
      await request('post', 'opRecommendSave', { ids: rows.map((r) => r.id) }, undefined, { silent: true, idempotencyKey: key.current });
      await qc.invalidateQueries({ queryKey: opCompanyKeys.recommend() });
      setRows(null);
      setStatus({ kind: 'ok', text: '首页推荐已保存，前台首页下次打开即显示' });
    } catch (e) {
      const at = e instanceof ApiError && e.field?.startsWith('ids.') ? rows[Number(e.field.slice(4))] : undefined;
      setStatus({ kind: 'error', text: at ? `${at.name}：${errorText(e)}` : errorText(e) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card op-recommend">
      <h2 style={{ marginTop: 0 }}>首页推荐</h2>
      <p className="muted">前台首页“推荐企业”按此顺序显示（最多{RECOMMEND_MAX}家，停用的企业不显示）。</p>
      {canWrite && (
        <div className="op-actions" style={{ marginBottom: '0.8rem' }}>
          <label htmlFor="recommend-add">添加企业</label>
          <CompanyPicker key={pickerKey} inputId="recommend-add" value={picked} onChange={setPicked} />
          <Button type="button" label="加入列表" icon="pi pi-plus" outlined onClick={add} disabled={rows.length >= RECOMMEND_MAX} />
        </div>
      )}
      {status && <p className={`op-status ${status.kind}`} role={status.kind === 'ok' ? 'status' : 'alert'} data-testid="op-status">{status.text}</p>}
      {rows.length === 0 ? <p className="muted">还没有推荐企业，首页不显示“推荐企业”。</p> : (
        <ol className="op-recommend-list" aria-label="推荐企业顺序">
          {rows.map((r, i) => (
            <li key={r.id}>
              <span className="op-recommend-no">{i + 1}</span>
              <span className="op-recommend-name">
                <Link to="/operation/company/detail" search={{ id: r.id }}>{r.name}</Link>
                <small className="muted"> ID {r.id}{r.city ? ` · ${r.city}` : ''}{r.stock !== undefined ? ` · 在售 ${r.stock} 条` : ''}</small>
                {r.suspended && <span className="op-tag danger">已停用</span>}
              </span>
              {canWrite && (
                <span className="op-actions">
                  <Button type="button" icon="pi pi-arrow-up" text aria-label={`上移 ${r.name}`} disabled={i === 0} onClick={() => move(i, -1)} />
                  <Button type="button" icon="pi pi-arrow-down" text aria-label={`下移 ${r.name}`} disabled={i === rows.length - 1} onClick={() => move(i, 1)} />
                  <Button type="button" icon="pi pi-times" text severity="danger" aria-label={`移除 ${r.name}`} onClick={() => edit(rows.filter((x) => x.id !== r.id))} />
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
