/**
 * /enquiry/publish (requirements 000-2): the full enquiry form. New: free lines (OE number or part name,
 * quantity, wanted quality), a car make, VIN, photos and a note, published to 报价专区 — every
 * seller whose main makes include it can quote — or kept as a draft. ?id=N edits a draft, or an
 * open enquiry no seller has answered yet (its sellers stay; changed lines reach them as new
 * chat cards). What was typed stays in this tab through a refusal or a reload until it is saved.
 */
import { useEffect, useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import * as v from 'valibot';
import { Button } from 'primereact/button';
import type { EnquiryDetail } from '../../../shared/contracts';
import { msg } from '../../../shared/messages';
import { ApiError, OfflineError } from '../../api/request';
import { sessionDraft } from '../../local/session-draft';
import { errorText } from '../../ui/form/form';
import { blankLine, EnquiryFields, enquiryPayload, type EnquiryDraft, type FieldError } from './EnquiryForm';
import { enquiryDetailQuery } from './queries';
import { usePublishEnquiry } from './mutations';

const draftSchema = v.object({
  lines: v.pipe(v.array(v.object({ oe: v.string(), name: v.string(), qty: v.string(), quality: v.string() })), v.minLength(1)),
  seller_ids: v.array(v.number()),
  make_id: v.nullable(v.number()),
  zone: v.boolean(),
  vin: v.string(),
  note: v.string(),
  img_infos: v.array(v.string()),
  /** the Idempotency-Key of the submit: a publish whose answer was lost is not made twice */
  key: v.string(),
});
type StoredDraft = v.InferOutput<typeof draftSchema>;

const fresh = (): StoredDraft => ({ lines: [blankLine()], seller_ids: [], make_id: null, zone: true, vin: '', note: '', img_infos: [], key: crypto.randomUUID() });
const store = sessionDraft(draftSchema, 'enquiry', fresh);

const fromEnquiry = (e: EnquiryDetail): StoredDraft => ({
  lines: e.lines.map((l) => ({ oe: l.oe, name: l.name, qty: String(l.qty), quality: l.quality })),
  seller_ids: e.recipients.map((r) => r.id), make_id: e.make_id, zone: e.zone, vin: e.vin, note: e.note, img_infos: e.img_infos, key: crypto.randomUUID(),
});

export function EnquiryPublishPage({ id }: { id?: number }) {
  const existing = useQuery({ ...enquiryDetailQuery(id ?? 0), enabled: id !== undefined });
  if (id === undefined) return <PublishForm scope="new" initial={store.load('new')} />;
  if (existing.isPending) return <div className="card" aria-busy="true">正在加载询价单…</div>;
  if (existing.isError) return <div className="card" role="alert">{existing.error instanceof OfflineError ? '当前离线，联网后可修改询价单' : existing.error.message}</div>;
  const e = existing.data;
  if (e.wanted_id !== null) {
    return <div className="card" role="alert">这是求购生成的询价单，请在 <Link to="/enquiry/list">我的求购</Link> 中修改。</div>;
  }
  if (!e.actions.includes('update')) {
    return (
      <div className="card" role="alert">
        询价单 {e.enquiry_no} {e.quote_count > 0 ? msg.quotedNoEdit : `${e.state_text}，不能修改`}。
        <Link to="/enquiry/list/$id" params={{ id: String(e.id) }}>查看询价单</Link>
      </div>
    );
  }
  const scope = `edit-${e.id}`;
  return <PublishForm scope={scope} editing={e} initial={store.has(scope) ? store.load(scope) : fromEnquiry(e)} />;
}

function PublishForm({ scope, initial, editing }: { scope: string; initial: StoredDraft; editing?: EnquiryDetail }) {
  const [draft, setDraft] = useState<StoredDraft>(initial);
  const [error, setError] = useState<FieldError | null>(null);
  const [busy, setBusy] = useState<'draft' | 'send' | null>(null);
  const navigate = useNavigate();
  const publish = usePublishEnquiry();
  useEffect(() => store.save(scope, draft), [scope, draft]);

  const submit = async (mode: 'draft' | 'send') => {
    setBusy(mode);
    setError(null);
    const body = enquiryPayload(draft as EnquiryDraft);
    try {
      const saved = await publish.mutateAsync({ editingId: editing?.id, body, send: mode === 'send', key: draft.key });
      store.clear(scope);
      void navigate({ to: '/enquiry/list/$id', params: { id: String(saved.id) } });
    } catch (err) {
      setError({ field: err instanceof ApiError ? err.field ?? '' : '', text: errorText(err) });
      // a refusal changed nothing: the next press is a new request
      if (!(err instanceof OfflineError)) setDraft((d) => ({ ...d, key: crypto.randomUUID() }));
    } finally {
      setBusy(null);
    }
  };

  const isDraft = !editing || editing.state === 'draft';
  return (
    <section className="card enquiry-publish" aria-label={editing ? '修改询价单' : '发布询价'}>
      <div className="enquiry-head">
        <h2>{editing ? `修改询价单 ${editing.enquiry_no}` : '发布询价'}</h2>
        {editing && editing.recipients.length > 0 && <span className="muted">发给 {editing.recipients.map((r) => r.name).join('、')}</span>}
      </div>
      {!editing && <p className="muted">填写要询价的配件，选择车型品牌，发布到报价专区，主营该车型的卖家都能报价；也可以在配件搜索的OE号结果中点“向卖家询价”，直接问有货的卖家。</p>}
      <EnquiryFields draft={draft} onChange={(patch) => setDraft((d) => ({ ...d, ...patch }))} error={error} onError={setError} freeLines withVin />
      <div className="enquiry-actions" style={{ marginTop: '1rem' }}>
        {isDraft && <Button type="button" outlined label={editing ? '保存修改' : '保存草稿'} loading={busy === 'draft'} disabled={busy !== null} onClick={() => void submit('draft')} />}
        <Button type="button" icon="pi pi-send" label={editing && !isDraft ? '保存修改' : editing ? '保存并发送' : '发布询价'} loading={busy === 'send'} disabled={busy !== null}
          onClick={() => void submit('send')} />
        <Link to="/enquiry/list">返回我的询价</Link>
      </div>
    </section>
  );
}
