/**
 * 询价 from OE results: the OE numbers of the search as lines (quantity and wanted quality to
 * choose), sent to the sellers ticked among those that stock them, and — with a car make chosen —
 * also to 报价专区, where every seller of that make can quote. The server checks every rule again
 * (1–50 lines, OE of 5 characters or more, real sellers, not one's own company, a make for the zone).
 */
import { useRef, useState } from 'react';
import { useNavigate, useRouteContext } from '@tanstack/react-router';
import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';
import { ApiError } from '../../api/request';
import { errorText } from '../../ui/form/form';
import { EnquiryFields, enquiryPayload, type EnquiryDraft, type EnquirySeller, type FieldError } from './EnquiryForm';
import { useAskSellers } from './mutations';

export type { EnquirySeller } from './EnquiryForm';

export function EnquiryDialog({ lines, sellers, onHide }: { lines: Array<{ oe: string; name: string }>; sellers: EnquirySeller[]; onHide: () => void }) {
  const { session } = useRouteContext({ from: '__root__' });
  const own = session.user?.company_id;
  const choices = sellers.filter((s) => s.id !== own);
  const [draft, setDraft] = useState<EnquiryDraft>({
    lines: lines.map((l) => ({ ...l, qty: '1', quality: '不限' })), seller_ids: choices.slice(0, 3).map((s) => s.id),
    make_id: null, zone: false, vin: '', note: '', img_infos: [],
  });
  const [error, setError] = useState<FieldError | null>(null);
  const [busy, setBusy] = useState(false);
  const key = useRef(crypto.randomUUID());
  const navigate = useNavigate();
  const askSellers = useAskSellers();

  const send = async () => {
    if (draft.seller_ids.length === 0 && !draft.zone) return setError({ field: 'seller_ids', text: '请选择询价的卖家，或发到报价专区' });
    setBusy(true);
    setError(null);
    try {
      const e = await askSellers.mutateAsync({ payload: enquiryPayload(draft), idempotencyKey: key.current });
      onHide();
      void navigate({ to: '/enquiry/list/$id', params: { id: String(e.id) } });
    } catch (err) {
      setError({ field: err instanceof ApiError ? err.field ?? '' : '', text: errorText(err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog header="向卖家询价" visible modal onHide={onHide} style={{ width: 'min(52rem, 96vw)' }}
      footer={<><Button type="button" label="取消" outlined onClick={onHide} /><Button type="button" label={`发送询价（${draft.seller_ids.length} 家${draft.zone ? ' + 报价专区' : ''}）`} icon="pi pi-send" loading={busy} onClick={() => void send()} /></>}>
      <EnquiryFields draft={draft} sellers={choices} error={error} onError={setError}
        onChange={(patch) => { setDraft((d) => ({ ...d, ...patch })); if (patch.make_id !== undefined || patch.seller_ids) setError(null); }} />
    </Dialog>
  );
}
