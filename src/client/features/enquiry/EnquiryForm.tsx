/**
 * The fields of an enquiry, shared by 向卖家询价 (the dialog of OE results, with the sellers that
 * stock them) and /enquiry/publish (the full form: free lines to the zone of a make, drafts and
 * edits): lines of OE number or part name with quantity and wanted quality, the sellers to ask,
 * a car make and 报价专区, VIN, photos and a note. Each problem the server names is shown under its
 * field; what was typed stays.
 */
import { useQuery } from '@tanstack/react-query';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Button } from 'primereact/button';
import { ENQUIRY_MAX_LINES, WANTED_QUALITIES } from '../../../shared/domain/enquiry';
import { UploadButton } from '../upload/UploadButton';
import { ScanButton } from '../scan/ScanButton';
import { wantedMakesQuery } from '../wanted/queries';
import '../search/search-extras.css';
import './enquiry.css';

export interface EnquiryLineDraft { oe: string; name: string; qty: string; quality: string }
export interface EnquiryDraft {
  lines: EnquiryLineDraft[];
  seller_ids: number[];
  make_id: number | null;
  zone: boolean;
  vin: string;
  note: string;
  img_infos: string[];
}
export interface EnquirySeller { id: number; name: string; area: string }
export interface FieldError { field: string; text: string }

export const blankLine = (): EnquiryLineDraft => ({ oe: '', name: '', qty: '1', quality: '不限' });

/** The fields the form shows a message under; anything else is said at the bottom. */
const OWN_FIELDS = ['lines.', 'seller_ids', 'make_id', 'img_infos', 'vin', 'note'];
const ownField = (f: string) => OWN_FIELDS.some((x) => f === x || (x.endsWith('.') ? f.startsWith(x) : f.startsWith(`${x}.`)));

export function EnquiryFields({ draft, onChange, error, onError, sellers, freeLines = false, withVin = false }: {
  draft: EnquiryDraft;
  onChange: (patch: Partial<EnquiryDraft>) => void;
  error: FieldError | null;
  /** a photo the upload refused */
  onError: (e: FieldError) => void;
  /** the sellers that may be asked (OE results); none: the form has no seller choice */
  sellers?: EnquirySeller[];
  /** lines can be added (the full form); the dialog's lines come from the search */
  freeLines?: boolean;
  withVin?: boolean;
}) {
  const makes = useQuery(wantedMakesQuery());
  const { lines } = draft;
  const setLine = (i: number, patch: Partial<EnquiryLineDraft>) => onChange({ lines: lines.map((l, j) => (j === i ? { ...l, ...patch } : l)) });
  const toggle = (id: number) => onChange({ seller_ids: draft.seller_ids.includes(id) ? draft.seller_ids.filter((x) => x !== id) : [...draft.seller_ids, id] });
  const lineError = (i: number, f: string) => (error?.field === `lines.${i}.${f}` ? error.text : '');
  const at = (f: string) => (error && (error.field === f || error.field.startsWith(`${f}.`)) ? error.text : '');
  return (
    <div className="enquiry-form">
      <table className="enquiry-lines" aria-label="询价配件">
        <thead><tr><th>OE号</th><th>配件名称</th><th style={{ width: '6rem' }}>数量</th><th style={{ width: '16rem' }}>品质</th><th style={{ width: '3rem' }} /></tr></thead>
        <tbody>
          {lines.map((l, i) => (
            <tr key={i}>
              <td data-label="OE号">
                <span className="scan-field">
                  <InputText value={l.oe} aria-label={`第${i + 1}行 OE号`} onChange={(e) => setLine(i, { oe: e.target.value })} invalid={!!lineError(i, 'oe')} />
                  <ScanButton label={`扫码输入第${i + 1}行 OE号`} onScan={(oe) => setLine(i, { oe })} />
                </span>
                {lineError(i, 'oe') && <div className="field-error" role="alert">{lineError(i, 'oe')}</div>}
              </td>
              <td data-label="配件名称"><InputText value={l.name} aria-label={`第${i + 1}行 配件名称`} maxLength={50} onChange={(e) => setLine(i, { name: e.target.value })} /></td>
              <td data-label="数量"><InputText value={l.qty} inputMode="numeric" aria-label={`第${i + 1}行 数量`} onChange={(e) => setLine(i, { qty: e.target.value })} invalid={!!lineError(i, 'qty')} />{lineError(i, 'qty') && <div className="field-error" role="alert">{lineError(i, 'qty')}</div>}</td>
              <td data-label="品质">
                <span className="enquiry-qualities" role="radiogroup" aria-label={`第${i + 1}行 品质`}>
                  {WANTED_QUALITIES.map((q) => (
                    <label key={q}><input type="radio" name={`quality-${i}`} checked={l.quality === q} onChange={() => setLine(i, { quality: q })} />{q}</label>
                  ))}
                </span>
              </td>
              <td className="enquiry-line-remove"><button type="button" className="linklike" aria-label={`删除第${i + 1}行`} disabled={lines.length === 1} onClick={() => onChange({ lines: lines.filter((_, j) => j !== i) })}>删除</button></td>
            </tr>
          ))}
        </tbody>
      </table>
      {at('lines') && !error?.field.startsWith('lines.') && <div className="field-error" role="alert">{at('lines')}</div>}
      {freeLines && (
        <div>
          <Button type="button" size="small" outlined icon="pi pi-plus" label="添加一行" disabled={lines.length >= ENQUIRY_MAX_LINES}
            onClick={() => onChange({ lines: [...lines, blankLine()] })} />
          <small className="muted"> 每行填OE号或配件名称，最多{ENQUIRY_MAX_LINES}行</small>
        </div>
      )}
      {sellers && (
        <fieldset className="enquiry-sellers" id="seller_ids">
          <legend>发给哪些卖家（{draft.seller_ids.length} / {sellers.length}）</legend>
          {sellers.length === 0 && <p className="muted">这次搜索没有其他卖家有货；选择车型品牌后可以发到报价专区，让主营该车型的卖家报价。</p>}
          {sellers.map((s) => (
            <label key={s.id}><input type="checkbox" checked={draft.seller_ids.includes(s.id)} onChange={() => toggle(s.id)} />{s.name}<small className="muted">{s.area}</small></label>
          ))}
          {at('seller_ids') && <div className="field-error" role="alert">{at('seller_ids')}</div>}
        </fieldset>
      )}
      <div className="enquiry-zone">
        <label htmlFor="enquiry-make">车型品牌{draft.zone && !sellers ? '' : '（选填）'}</label>
        <Dropdown inputId="enquiry-make" value={draft.make_id} options={makes.data ?? []} optionValue="id" optionLabel="name" filter filterBy="name,initial" showClear
          placeholder="选择车型品牌" onChange={(e) => {
            const id = (e.value as number | null) ?? null;
            onChange(sellers ? { make_id: id, zone: id === null ? false : draft.zone } : { make_id: id });
          }} invalid={!!at('make_id')} />
        {sellers
          ? <label><input type="checkbox" checked={draft.zone} disabled={draft.make_id === null} onChange={(e) => onChange({ zone: e.target.checked })} /> 同时发到报价专区（主营该车型的卖家都能报价）</label>
          : draft.zone && <small className="muted">发到报价专区：主营该车型的卖家都能看到并报价</small>}
        {at('make_id') && <div className="field-error" role="alert">{at('make_id')}</div>}
        {!sellers && at('seller_ids') && <div className="field-error" role="alert">{at('seller_ids')}</div>}
      </div>
      {withVin && (
        <label className="enquiry-note" htmlFor="enquiry-vin">VIN码（选填）
          <InputText id="enquiry-vin" value={draft.vin} maxLength={17} onChange={(e) => onChange({ vin: e.target.value.toUpperCase() })} placeholder="17位车架号，便于卖家核对配件" invalid={!!at('vin')} />
          {at('vin') && <span className="field-error" role="alert">{at('vin')}</span>}
        </label>
      )}
      <div className="enquiry-images" id="img_infos">
        <span>图片（选填，最多5张）</span>
        {draft.img_infos.map((src) => (
          <span key={src} className="wanted-thumb">
            <img src={src} alt="询价图片" />
            <button type="button" aria-label="删除图片" onClick={() => onChange({ img_infos: draft.img_infos.filter((p) => p !== src) })}>×</button>
          </span>
        ))}
        {draft.img_infos.length < 5 && <UploadButton onUploaded={(url) => onChange({ img_infos: [...draft.img_infos, url].slice(0, 5) })} onProblem={(text) => onError({ field: 'img_infos', text })} />}
        {at('img_infos') && <div className="field-error" role="alert">{at('img_infos')}</div>}
      </div>
      <label className="enquiry-note">备注<InputText value={draft.note} maxLength={200} onChange={(e) => onChange({ note: e.target.value })} placeholder="如 车型、年款、急用" invalid={!!at('note')} /></label>
      {at('note') && <div className="field-error" role="alert">{at('note')}</div>}
      {error && !ownField(error.field) && <p className="field-error" role="alert">{error.text}</p>}
    </div>
  );
}

/** The payload of enquiryAdd / enquiryUpdate from the form. */
export const enquiryPayload = (d: EnquiryDraft) => ({
  lines: d.lines, seller_ids: d.seller_ids, make_id: d.make_id, zone: d.zone, vin: d.vin, note: d.note, img_infos: d.img_infos,
});
