import { useRef, useState } from 'react';
import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import type { VnSellerRow } from './types';
import { ApiError } from '../../api/request';
import { Field } from '../../ui/form/Field';
import { errorText } from '../../ui/form/form';
import { yuan, yuanToFen } from '../../../shared/domain/money';
import { belowFloor, dongText, floorDong, markupDong, parseDong, parseMarkupPct, vnText } from '../../../shared/domain/vn-mall';
import { useSetVnOffers } from './mutations';

type Mode = 'direct' | 'markup';

/**
 * 上架越南商城 of the chosen rows (or 修改条件 of one): a direct price in whole dong, or the row's
 * 批发价(含税) × (1 + markup) × today's rate; the CNY floor; the pieces offered in Vietnam. The page
 * checks what it can (whole dong, the floor at today's rate); the server checks again and its
 * refusal shows under its field.
 */
export function VnOfferDialog({ rows, rate, onHide, onDone }: { rows: VnSellerRow[]; rate: number | null; onHide: () => void; onDone: (n: number) => void }) {
  const first = rows[0];
  const t = rows.length === 1 ? first.terms : null;
  const [mode, setMode] = useState<Mode>(t?.price_mode ?? 'direct');
  const [price, setPrice] = useState(t?.vn_price ? String(t.vn_price) : '');
  const [markup, setMarkup] = useState(t?.markup_bp !== null && t?.markup_bp !== undefined ? String(t.markup_bp / 100) : '10');
  const [floor, setFloor] = useState(t && t.floor_fen > 0 ? (t.floor_fen / 100).toFixed(2) : '');
  const [qty, setQty] = useState(rows.length === 1 ? String(first.vn_quantity || first.quantity) : '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const key = useRef(crypto.randomUUID());
  const save = useSetVnOffers();

  const dong = parseDong(price);
  const markupBp = parseMarkupPct(markup);
  const floorFen = floor.trim() === '' ? 0 : yuanToFen(floor);
  const preview = rows.length === 1 && rate !== null
    ? (mode === 'direct' ? dong : first.price1 && markupBp !== null ? markupDong(first.price1, markupBp, rate) : null)
    : null;

  const submit = async () => {
    const e: Record<string, string> = {};
    if (mode === 'direct' && dong === null) e.vn_price = price.trim() === '' ? vnText.vnPriceRequired : vnText.vnPriceWhole;
    if (mode === 'direct' && dong === 0) e.vn_price = vnText.vnPriceWhole;
    if (mode === 'markup' && markupBp === null) e.markup_bp = vnText.markup;
    if (floorFen === null) e.floor_fen = vnText.floor;
    const q = /^\d{1,6}$/.test(qty.trim()) ? Number(qty.trim()) : null;
    if (q === null) e.vn_quantity = vnText.vnQuantity;
    if (!e.vn_price && mode === 'direct' && dong !== null && floorFen && rate !== null && belowFloor(dong, floorFen, rate)) {
      e.vn_price = vnText.belowFloor(rows.length === 1 ? first.supplier_oe : '所选商品', dong, floorDong(floorFen, rate));
    }
    setErrors(e);
    if (Object.keys(e).length) return;
    setBusy(true);
    try {
      const r = await save.mutateAsync({
        payload: {
          stock_ids: rows.map((x) => x.id), price_mode: mode, vn_price: mode === 'direct' ? dong : null, markup_bp: mode === 'markup' ? markupBp : null,
          floor_fen: floorFen ?? 0, vn_quantity: q!,
        },
        idempotencyKey: key.current,
      });
      onDone(r.changed);
    } catch (err) {
      const field = err instanceof ApiError && err.field ? err.field : 'form';
      setErrors({ [field]: errorText(err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog header={rows.length === 1 ? `越南商城：${first.supplier_oe} ${first.name}` : `上架越南商城（${rows.length}行）`} visible onHide={onHide}
      style={{ width: '34rem' }} breakpoints={{ '640px': '96vw' }}
      footer={<><Button label="取消" text onClick={onHide} /><Button label="保存" icon="pi pi-check" loading={busy} onClick={() => void submit()} /></>}>
      <div className="vn-offer-form">
        <div className="field form-field wide" role="radiogroup" aria-label="定价方式">
          <label>定价方式</label>
          <div className="vn-modes">
            <label><input type="radio" name="vn-mode" checked={mode === 'direct'} onChange={() => setMode('direct')} /> 越南盾直接定价</label>
            <label><input type="radio" name="vn-mode" checked={mode === 'markup'} onChange={() => setMode('markup')} /> 按批发价(含税)加价</label>
          </div>
        </div>
        {mode === 'direct' ? (
          <Field id="vn-price" label="越南盾价格（₫，整数）" required error={errors.vn_price} hint="越南盾没有小数，可写 1250000 或 1.250.000">
            <InputText id="vn-price" value={price} inputMode="numeric" onChange={(ev) => setPrice(ev.target.value)} aria-invalid={!!errors.vn_price} />
          </Field>
        ) : (
          <Field id="vn-markup" label="加价率（%）" required error={errors.markup_bp} hint="批发价(含税) × (1 + 加价率) × 今日汇率，四舍五入到整数越南盾">
            <InputText id="vn-markup" value={markup} inputMode="decimal" onChange={(ev) => setMarkup(ev.target.value)} aria-invalid={!!errors.markup_bp} />
          </Field>
        )}
        <Field id="vn-floor" label="人民币底价（¥，可空）" error={errors.floor_fen} hint="按当天汇率折算低于底价时不卖">
          <InputText id="vn-floor" value={floor} inputMode="decimal" onChange={(ev) => setFloor(ev.target.value)} aria-invalid={!!errors.floor_fen} />
        </Field>
        <Field id="vn-qty" label="越南可售数量" required error={errors.vn_quantity} hint={rows.length === 1 ? `库存 ${first.quantity}；卖出时不超过库存` : '每行；卖出时不超过该行库存'}>
          <InputText id="vn-qty" value={qty} inputMode="numeric" onChange={(ev) => setQty(ev.target.value)} aria-invalid={!!errors.vn_quantity} />
        </Field>
        <p className="vn-preview wide" data-testid="vn-preview">
          {rate === null ? vnText.noRateSeller
            : rows.length === 1
              ? <>今日汇率 1 人民币 = {rate} 越南盾。{first.price1 !== null && <>批发价(含税) {yuan(first.price1)}；</>}越南价格：<strong>{preview === null ? '—' : dongText(preview)}</strong></>
              : <>今日汇率 1 人民币 = {rate} 越南盾。</>}
        </p>
        {errors.form && <p className="field-error wide" role="alert">{errors.form}</p>}
        {Object.entries(errors).filter(([k]) => !['vn_price', 'markup_bp', 'floor_fen', 'vn_quantity', 'form'].includes(k)).map(([k, v]) => <p key={k} className="field-error wide" role="alert">{v}</p>)}
      </div>
    </Dialog>
  );
}
