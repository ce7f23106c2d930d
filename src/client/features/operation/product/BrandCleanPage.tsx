/**
 * 品牌清洗 (/operation/product/clean/brand, D04-03): merge the spellings of one part brand
 * ("BOSCH", "博世", "Bosch ") into the brand kept. Every stock row, company main brand and search
 * word of the merged spellings moves to the kept brand in one transaction; the spellings are
 * remembered, so a later import or edit naming one lands on the kept brand. Below: spellings that
 * differ only in case, spaces and punctuation, each group one click from the form; then 合并记录,
 * where one merge is undone (BrandMergeRecords).
 */
import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { AutoComplete } from 'primereact/autocomplete';
import { Button } from 'primereact/button';
import type { OpBrandRow } from '../../../../shared/contracts';
import { ApiError } from '../../../api/request';
import { Field } from '../../../ui/form/Field';
import { errorText } from '../../../ui/form/form';
import type { ListSearch } from '../../../ui/list/list-search';
import { brandDuplicatesQuery, fetchBrands } from './queries';
import { useMergeBrands } from './mutations';
import { BrandMergeRecords } from './BrandMergeRecords';
import '../operation.css';

type Status = { kind: 'ok' | 'error'; text: string } | null;
const label = (b: OpBrandRow) => `${b.name}（ID ${b.id}，库存${b.stock_rows}条${b.active ? '' : '，已停用'}）`;

export function BrandCleanPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const mergeBrands = useMergeBrands();
  const [keep, setKeep] = useState<OpBrandRow | null>(null);
  const [merge, setMerge] = useState<OpBrandRow[]>([]);
  const [suggestions, setSuggestions] = useState<OpBrandRow[]>([]);
  const [errors, setErrors] = useState<{ keep_id?: string; merge_ids?: string }>({});
  const [status, setStatus] = useState<Status>(null);
  const [busy, setBusy] = useState(false);
  const key = useRef(crypto.randomUUID());
  const duplicates = useQuery(brandDuplicatesQuery());
  const find = async (k: string) => {
    try {
      setSuggestions((await fetchBrands({ k: k.trim(), active: '', page_number: 1, page_size: 50 })).data);
    } catch (e) {
      setStatus({ kind: 'error', text: errorText(e) });
    }
  };
  const moving = merge.reduce((n, b) => n + b.stock_rows, 0);
  const submit = async () => {
    const errs: typeof errors = {};
    if (!keep) errs.keep_id = '请选择保留的品牌';
    if (merge.length === 0) errs.merge_ids = '请选择被合并的品牌';
    else if (keep && merge.some((b) => b.id === keep.id)) errs.merge_ids = '保留的品牌和被合并的品牌相同';
    setErrors(errs);
    if (Object.keys(errs).length > 0 || !keep) return;
    setBusy(true);
    setStatus(null);
    try {
      const r = await mergeBrands.mutateAsync({ payload: { keep_id: keep.id, merge_ids: merge.map((b) => b.id) }, idempotencyKey: key.current });
      key.current = crypto.randomUUID();
      setStatus({ kind: 'ok', text: `已把 ${r.merged.join('、')} 合并到 ${r.kept}，${r.stock_rows} 条库存改为 ${r.kept}；以后导入或编辑这些写法会自动对应到 ${r.kept}；如有误，可在下方合并记录中撤销` });
      setMerge([]);
      setKeep(null);
    } catch (e) {
      if (e instanceof ApiError && (e.field === 'keep_id' || e.field === 'merge_ids')) setErrors({ [e.field]: e.message });
      else setStatus({ kind: 'error', text: errorText(e) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="op-detail">
      <section className="card">
      <h2 style={{ marginTop: 0 }}>品牌清洗</h2>
      <p className="muted">同一品牌的不同写法（如 “BOSCH”、“博世”、“Bosch ”）合并为一个：被合并写法的所有库存、企业主营品牌和搜索词改到保留的品牌，在一次操作内完成；写法被记住，以后导入或编辑时自动对应到保留的品牌。记入操作日志；合并有误时可在下方“合并记录”中撤销，只改回这次合并改动的、此后未被卖家改过的库存。</p>
      <div className="op-form op-brand-clean">
        <Field id="keep_id" label="保留的品牌" error={errors.keep_id} required>
          <AutoComplete inputId="keep_id" value={keep ?? ''} suggestions={suggestions} field="name" itemTemplate={label} placeholder="输入品牌名称或ID"
            completeMethod={(e) => void find(e.query)} onChange={(e) => { setKeep(typeof e.value === 'object' ? (e.value as OpBrandRow | null) : null); setErrors({}); }}
            invalid={!!errors.keep_id} emptyMessage="没有找到这个品牌" forceSelection />
        </Field>
        <Field id="merge_ids" label="被合并的品牌（可多选）" error={errors.merge_ids} required>
          <AutoComplete inputId="merge_ids" multiple value={merge} suggestions={suggestions} field="name" itemTemplate={label}
            completeMethod={(e) => void find(e.query)} onChange={(e) => { setMerge((e.value ?? []) as OpBrandRow[]); setErrors({}); }}
            invalid={!!errors.merge_ids} emptyMessage="没有找到这个品牌" />
        </Field>
      </div>
      {keep && merge.length > 0 && (
        <p className="op-merge-preview" data-testid="merge-preview">
          将把 {merge.map((b) => `“${b.name}”`).join('、')} 的 {moving} 条库存改为 “{keep.name}”。
        </p>
      )}
      <Button label="合并" icon="pi pi-sitemap" loading={busy} onClick={() => void submit()} />
      {status && <p className={`op-status ${status.kind}`} role={status.kind === 'ok' ? 'status' : 'alert'} data-testid="op-status">{status.text}</p>}
      </section>
      <section className="card" aria-labelledby="dup-title">
        <h3 id="dup-title" style={{ marginTop: 0 }}>疑似重复的写法</h3>
        <p className="muted">忽略大小写、空格和常见标点后相同的品牌，库存多的在前。中文与英文写法（如“博世”和“BOSCH”）请在上面手动选择。</p>
        {duplicates.isLoading && <p className="muted">正在查找…</p>}
        {duplicates.isError && <p className="field-error" role="alert">{errorText(duplicates.error)}</p>}
        {duplicates.data && duplicates.data.items.length === 0 && <p className="muted">没有发现疑似重复的写法。</p>}
        {duplicates.data && duplicates.data.items.length > 0 && (
          <div className="op-table-wrap">
            <table className="op-table" data-testid="brand-duplicates">
              <thead><tr><th>品牌写法（库存条数）</th><th>操作</th></tr></thead>
              <tbody>
                {duplicates.data.items.map((g) => (
                  <tr key={g.key}>
                    <td>{g.brands.map((b) => `“${b.name}”（${b.stock_rows}）`).join('、')}</td>
                    <td>
                      <button type="button" className="linklike" aria-label={`合并 ${g.brands.map((b) => b.name).join(' ')}`}
                        onClick={() => { setKeep(g.brands[0]); setMerge(g.brands.slice(1)); setErrors({}); setStatus(null); }}>
                        填入上方
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <BrandMergeRecords search={search} onSearch={onSearch} />
    </div>
  );
}
