/**
 * 询价 from OE results: the OE numbers of the search as lines (quantity and wanted quality to
 * choose), sent to the sellers ticked among those that stock them, and — with a car make chosen —
 * also to 报价专区, where every seller of that make can quote. The server checks every rule again
 * (1–50 lines, OE of 5 characters or more, real sellers, not one's own company, a make for the zone).
 */
import { useRef, useState } from 'react';
import { useNavigate, useRouteContext } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Dropdown } from 'primereact/dropdown';
import { wantedMakesQuery } from '../wanted/queries';
import { UploadButton } from '../../ui/UploadButton';
import '../search/search-extras.css';
import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { WANTED_QUALITIES } from '../../../shared/domain/enquiry';
import { ApiError, request } from '../../api/request';
import { errorText } from '../account/form';
import { enquiryKeys } from './queries';
import './enquiry.css';

export interface EnquirySeller { id: number; name: string; area: string }
interface Line { oe: string; name: string; qty: string; quality: string }

export function EnquiryDialog({ lines: initial, sellers, onHide }: { lines: Array<{ oe: string; name: string }>; sellers: EnquirySeller[]; onHide: () => void }) {
  const { session } = useRouteContext({ from: '__root__' });
  const own = session.user?.company_id;
  const choices = sellers.filter((s) => s.id !== own);
  const [lines, setLines] = useState<Line[]>(initial.map((l) => ({ ...l, qty: '1', quality: '不限' })));
  const [chosen, setChosen] = useState<number[]>(choices.slice(0, 3).map((s) => s.id));
  const [note, setNote] = useState('');
  const [makeId, setMakeId] = useState<number | null>(null);
  const [zone, setZone] = useState(false);
  const [images, setImages] = useState<string[]>([]);
  const makes = useQuery(wantedMakesQuery());
  const [error, setError] = useState<{ field: string; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const key = useRef(crypto.randomUUID());
  const navigate = useNavigate();
  const qc = useQueryClient();

  const setLine = (i: number, patch: Partial<Line>) => setLines((all) => all.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  const toggle = (id: number) => setChosen((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]));

  const send = async () => {
    if (chosen.length === 0 && !zone) return setError({ field: 'seller_ids', text: '请选择询价的卖家，或发到报价专区' });
    if (zone && makeId === null) return setError({ field: 'make_id', text: '发到报价专区需要选择车型品牌' });
    setBusy(true);
    setError(null);
    try {
      const e = await request('post', 'enquiryAdd', { lines, seller_ids: chosen, note, make_id: makeId, zone, img_infos: images }, undefined, { silent: true, idempotencyKey: key.current });
      void qc.invalidateQueries({ queryKey: enquiryKeys.all() });
      onHide();
      void navigate({ to: '/enquiry/list/$id', params: { id: String(e.id) } });
    } catch (err) {
      setError({ field: err instanceof ApiError ? err.field ?? '' : '', text: errorText(err) });
    } finally {
      setBusy(false);
    }
  };

  const lineError = (i: number, f: string) => (error?.field === `lines.${i}.${f}` ? error.text : '');
  return (
    <Dialog header="向卖家询价" visible modal onHide={onHide} style={{ width: 'min(52rem, 96vw)' }}
      footer={<><Button type="button" label="取消" outlined onClick={onHide} /><Button type="button" label={`发送询价（${chosen.length} 家${zone ? ' + 报价专区' : ''}）`} icon="pi pi-send" loading={busy} onClick={() => void send()} /></>}>
      <div className="enquiry-form">
        <table className="enquiry-lines" aria-label="询价配件">
          <thead><tr><th>OE号</th><th>配件名称</th><th style={{ width: '6rem' }}>数量</th><th style={{ width: '16rem' }}>品质</th><th style={{ width: '3rem' }} /></tr></thead>
          <tbody>
            {lines.map((l, i) => (
              <tr key={i}>
                <td><InputText value={l.oe} aria-label={`第${i + 1}行 OE号`} onChange={(e) => setLine(i, { oe: e.target.value })} invalid={!!lineError(i, 'oe')} />{lineError(i, 'oe') && <div className="field-error" role="alert">{lineError(i, 'oe')}</div>}</td>
                <td><InputText value={l.name} aria-label={`第${i + 1}行 配件名称`} onChange={(e) => setLine(i, { name: e.target.value })} /></td>
                <td><InputText value={l.qty} inputMode="numeric" aria-label={`第${i + 1}行 数量`} onChange={(e) => setLine(i, { qty: e.target.value })} invalid={!!lineError(i, 'qty')} />{lineError(i, 'qty') && <div className="field-error" role="alert">{lineError(i, 'qty')}</div>}</td>
                <td>
                  <span className="enquiry-qualities" role="radiogroup" aria-label={`第${i + 1}行 品质`}>
                    {WANTED_QUALITIES.map((q) => (
                      <label key={q}><input type="radio" name={`quality-${i}`} checked={l.quality === q} onChange={() => setLine(i, { quality: q })} />{q}</label>
                    ))}
                  </span>
                </td>
                <td><button type="button" className="linklike" aria-label={`删除第${i + 1}行`} disabled={lines.length === 1} onClick={() => setLines((all) => all.filter((_, j) => j !== i))}>删除</button></td>
              </tr>
            ))}
          </tbody>
        </table>
        <fieldset className="enquiry-sellers" id="seller_ids">
          <legend>发给哪些卖家（{chosen.length} / {choices.length}）</legend>
          {choices.length === 0 && <p className="muted">这次搜索没有其他卖家有货；可以去“我的求购”发布求购，让所有卖家看到。</p>}
          {choices.map((s) => (
            <label key={s.id}><input type="checkbox" checked={chosen.includes(s.id)} onChange={() => toggle(s.id)} />{s.name}<small className="muted">{s.area}</small></label>
          ))}
          {error?.field === 'seller_ids' && <div className="field-error" role="alert">{error.text}</div>}
        </fieldset>
        <div className="enquiry-zone">
          <label htmlFor="enquiry-make">车型品牌（选填）</label>
          <Dropdown inputId="enquiry-make" value={makeId} options={makes.data ?? []} optionValue="id" optionLabel="name" filter filterBy="name,initial" showClear
            placeholder="选择车型品牌" onChange={(e) => { setMakeId((e.value as number | null) ?? null); if (e.value == null) setZone(false); setError(null); }} invalid={error?.field === 'make_id'} />
          <label><input type="checkbox" checked={zone} disabled={makeId === null} onChange={(e) => setZone(e.target.checked)} /> 同时发到报价专区（主营该车型的卖家都能报价）</label>
          {error?.field === 'make_id' && <div className="field-error" role="alert">{error.text}</div>}
        </div>
        <div className="enquiry-images" id="img_infos">
          <span>图片（选填，最多5张）</span>
          {images.map((src) => (
            <span key={src} className="wanted-thumb">
              <img src={src} alt="询价图片" />
              <button type="button" aria-label="删除图片" onClick={() => setImages((x) => x.filter((p) => p !== src))}>×</button>
            </span>
          ))}
          {images.length < 5 && <UploadButton onUploaded={(url) => setImages((x) => [...x, url].slice(0, 5))} onProblem={(t) => setError({ field: 'img_infos', text: t })} />}
          {error?.field.startsWith('img_infos') && <div className="field-error" role="alert">{error.text}</div>}
        </div>
        <label className="enquiry-note">备注<InputText value={note} maxLength={200} onChange={(e) => setNote(e.target.value)} placeholder="如 车型、年款、急用" /></label>
        {error && !error.field.startsWith('lines.') && error.field !== 'seller_ids' && error.field !== 'make_id' && !error.field.startsWith('img_infos') && <p className="field-error" role="alert">{error.text}</p>}
      </div>
    </Dialog>
  );
}
