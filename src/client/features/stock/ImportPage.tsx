/**
 * 导入库存 (/backend/product/import, M03): choose a CSV or XLSX file, map its columns to our fields
 * (the company's last mapping is offered again), preview the first lines with their problems, then
 * import with a progress bar; the refused lines come back as an error file to fix and re-import.
 */
import { useEffect, useState, type ChangeEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { ProgressBar } from 'primereact/progressbar';
import type { StockImportUpload } from '../../../shared/contracts';
import {
  IMPORT_FIELDS, IMPORT_LABELS, mappingProblem, MAX_IMPORT_BYTES, REQUIRED_IMPORT_FIELDS, type ColumnMapping, type ImportField,
} from '../../../shared/domain/stock-import';
import { errorText } from '../../ui/form/form';
import { downloadImportErrors, importStatusQuery, stockKeys } from './queries';
import { usePreviewStockImport, useStartStockImport, useUploadStockImport } from './mutations';
import './stock.css';

type Preview = { row_no: number; cells: string[]; errors: string[] }[];

export function ImportPage() {
  const qc = useQueryClient();
  const [uploaded, setUploaded] = useState<StockImportUpload | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping>({});
  const [preview, setPreview] = useState<Preview | null>(null);
  const [started, setStarted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const uploadImport = useUploadStockImport();
  const previewImport = usePreviewStockImport();
  const startImport = useStartStockImport();

  const status = useQuery({
    ...importStatusQuery(uploaded?.import_id),
    enabled: started && uploaded !== null,
    refetchInterval: (q) => (q.state.data && q.state.data.state !== 'running' ? false : 500),
  });
  const finished = status.data && status.data.state !== 'running';
  const doneState = status.data?.state;
  // the stock list shows the imported rows next time it is opened
  useEffect(() => {
    if (doneState === 'done') void qc.invalidateQueries({ queryKey: stockKeys.lists() });
  }, [doneState, qc]);

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setError('');
    setPreview(null);
    setStarted(false);
    setUploaded(null);
    if (file.size > MAX_IMPORT_BYTES) {
      setError(`文件不能超过 ${MAX_IMPORT_BYTES / 1024 / 1024} MB，请拆分后分批导入`);
      return;
    }
    setBusy(true);
    try {
      const data = await uploadImport.mutateAsync(file);
      setUploaded(data);
      setMapping(data.mapping as ColumnMapping);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const problem = uploaded ? mappingProblem(mapping, uploaded.headers) : null;

  const runPreview = async () => {
    if (!uploaded) return;
    setBusy(true);
    setError('');
    try {
      setPreview((await previewImport.mutateAsync({ import_id: uploaded.import_id, mapping })).rows);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const start = async () => {
    if (!uploaded) return;
    setBusy(true);
    setError('');
    try {
      await startImport.mutateAsync({ import_id: uploaded.import_id, mapping });
      setStarted(true);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const downloadErrors = async () => {
    try {
      await downloadImportErrors(uploaded!.import_id, uploaded!.file_name);
    } catch (err) {
      setError(errorText(err));
    }
  };

  const setField = (f: ImportField, header: string) => {
    setMapping((m) => ({ ...m, [f]: header || undefined }));
    setPreview(null);
  };

  const s = status.data;
  const percent = s && s.total_rows > 0 ? Math.floor((s.done_rows / s.total_rows) * 100) : 0;
  const bad = preview?.filter((r) => r.errors.length > 0).length ?? 0;

  return (
    <section className="stock-import">
      <header className="stock-import-head">
        <h2>导入库存</h2>
        <Link to="/backend/product/stockAndPrice">返回库存与价格</Link>
      </header>
      <ol className="stock-import-help">
        <li>选择 CSV 或 XLSX 文件（不超过 20 MB），第一行为表头。可先在“库存与价格”中点“导出”，按导出的格式填写。</li>
        <li>为每个字段选择文件中对应的列；配件品牌、品质、车型品牌填写名称。OE号、品牌和自编码都相同的库存会被更新，其余新增。</li>
        <li>预览前 20 行并查看问题，然后开始导入。有问题的行不导入，可下载错误文件修改后再导入。</li>
      </ol>

      <label className="p-button p-component stock-import-choose">
        <i className="pi pi-upload" />
        <span>{uploaded ? '重新选择文件' : '选择文件'}</span>
        <input type="file" accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" onChange={(e) => void choose(e)} disabled={busy || (started && !finished)} data-testid="import-file" hidden />
      </label>
      {busy && <span className="stock-import-busy">处理中…</span>}
      {error && <p className="stock-status error" role="alert" data-testid="import-error">{error}</p>}

      {uploaded && (
        <>
          <p data-testid="import-file-info">
            文件：{uploaded.file_name}（{uploaded.format.toUpperCase()}，{uploaded.headers.length} 列）
            {uploaded.seen_before && <strong className="stock-import-note"> 该文件此前导入过：已导入的行将跳过，不会重复导入。</strong>}
          </p>
          <h3>字段对应</h3>
          <div className="stock-import-mapping" data-testid="import-mapping">
            {IMPORT_FIELDS.map((f) => (
              <label key={f} className="field">
                <span>{REQUIRED_IMPORT_FIELDS.includes(f) && <span className="req">*</span>}{IMPORT_LABELS[f]}</span>
                <Dropdown value={mapping[f] ?? ''} onChange={(e) => setField(f, e.value as string)} disabled={started}
                  options={[{ label: '（不导入）', value: '' }, ...uploaded.headers.filter((h) => h !== '').map((h) => ({ label: h, value: h }))]}
                  aria-label={IMPORT_LABELS[f]} />
              </label>
            ))}
          </div>
          {problem && <p className="stock-status error" role="alert">{problem}</p>}
          <div className="stock-import-actions">
            <Button type="button" label="预览" icon="pi pi-eye" outlined onClick={() => void runPreview()} disabled={busy || problem !== null || started} />
            <Button type="button" label="开始导入" icon="pi pi-play" onClick={() => void start()} disabled={busy || problem !== null || preview === null || started} data-testid="import-start" />
          </div>
        </>
      )}

      {preview && uploaded && (
        <div className="stock-import-preview" data-testid="import-preview">
          <h3>预览（前 {preview.length} 行{bad > 0 ? `，其中 ${bad} 行有问题，将不导入` : '，没有发现问题'}）</h3>
          <div className="stock-import-scroll">
            <table>
              <thead>
                <tr><th>行号</th>{uploaded.headers.map((h, i) => <th key={i}>{h}</th>)}<th>问题</th></tr>
              </thead>
              <tbody>
                {preview.map((r) => (
                  <tr key={r.row_no} className={r.errors.length ? 'bad' : undefined}>
                    <td>{r.row_no}</td>
                    {uploaded.headers.map((_, i) => <td key={i}>{r.cells[i] ?? ''}</td>)}
                    <td className="problem">{r.errors.join('；') || '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}

      {started && (
        <div className="stock-import-progress" data-testid="import-progress">
          <h3>{!s || s.state === 'running' ? '正在导入…' : s.state === 'done' ? '导入完成' : '导入中断'}</h3>
          <ProgressBar value={s?.state === 'done' ? 100 : percent} />
          {s && (
            <p data-testid="import-counts">
              {s.total_rows > 0 ? `已处理 ${s.done_rows} / ${s.total_rows} 行` : '正在统计行数…'}：新增 {s.added}，更新 {s.updated}，未变 {s.unchanged}，
              跳过（此前已导入）{s.skipped}，失败 {s.failed}
            </p>
          )}
          {s?.message && <p className="stock-status error" role="alert">{s.message}</p>}
          {finished && (
            <div className="stock-import-actions">
              {s?.has_errors && <Button type="button" label="下载错误文件" icon="pi pi-download" severity="danger" outlined onClick={() => void downloadErrors()} data-testid="import-errors" />}
              <Link to="/backend/product/stockAndPrice" className="p-button p-component">查看库存</Link>
            </div>
          )}
        </div>
      )}
    </section>
  );
}
