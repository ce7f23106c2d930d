/**
 * 付费服务目录 of the operator (/operation/pay/product, D05; docs/money.md#paid-services): per
 * service (员工名额, 库存查询次数, VIN 解析次数, 报价包, 平台质保) and company level, the pack size, its price (typed in
 * yuan, fen on the wire) and whether it is on sale. Membership packages are priced on 会员等级 and
 * the cash pledge on 保证金 (links, not copies).
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useRouteContext } from '@tanstack/react-router';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import { TabPanel, TabView } from 'primereact/tabview';
import type { PaidServiceProduct } from '../../../shared/contracts';
import { PACK_PRICE_MAX_FEN, PAID_SERVICE_NAMES, PAID_SERVICE_OP_CODES, PAID_SERVICE_UNITS, PAID_SERVICES, paidServiceText } from '../../../shared/contracts/paid-service';
import { hasAnyPermission } from '../../../shared/domain/permissions';
import { ApiError, OfflineError } from '../../api/request';
import { Field } from '../../ui/form/Field';
import { useForm } from '../../ui/form/form';
import { opProductsQuery } from './queries';
import { useProductSave } from './mutations';
import { yuan, yuanToFen } from '../../../shared/domain/money';
import '../../ui/form/form.css';
import './paid-service.css';

const failure = (e: unknown) => (e instanceof OfflineError ? '当前离线，联网后再试' : e instanceof ApiError ? e.message : '暂时无法读取，请稍后再试');
const WHAT: Record<PaidServiceProduct['service'], string> = {
  user: '员工名额：买后长期有效，加在会员等级的员工上限之上。',
  stock: '库存查询次数：每日免费次数用完后按次使用，不过期。',
  vin: 'VIN 解析次数：计入企业已购的解析次数；按会员期不限次数的等级在会员期内无需购买。',
  quote: '报价包：会员等级的每日免费报价次数用完后，每条新报价使用一次，不过期；每日免费次数在会员等级中设置（留空为不限，不限的等级无需购买）。',
  warranty: '平台质保：每包数量为质保月数；卖家购买后从现在（或未到期的质保结束日）起延长，质保期内其商品带“质保”标记，买家收货后在质保条款的月数内可就质量问题申请售后。条款在“系统 → 质保条款”中设置。',
};

function ProductRow({ p, mayWrite, onSaved }: { p: PaidServiceProduct; mayWrite: boolean; onSaved: (t: string) => void }) {
  const write = useProductSave();
  const prefix = `product-${p.service}-${p.level_id}-`;
  const form = useForm({ pack_size: p.configured ? String(p.pack_size) : '', yuan: p.configured ? (p.price_fen / 100).toFixed(2) : '', enabled: p.configured ? p.enabled : true }, { idPrefix: prefix });
  const save = () => {
    const fen = yuanToFen(form.values.yuan);
    const size = /^\d{1,6}$/.test(form.values.pack_size) ? Number(form.values.pack_size) : 0;
    const errors: Record<string, string> = {};
    if (size < 1) errors.pack_size = paidServiceText.packSize;
    if (fen === null || fen < 1 || fen > PACK_PRICE_MAX_FEN) errors.price_fen = paidServiceText.price;
    if (Object.keys(errors).length > 0) {
      form.setErrors(errors);
      return;
    }
    void form.submit(write, { service: p.service, level_id: p.level_id, pack_size: size, price_fen: fen!, enabled: form.values.enabled },
      (r) => onSaved(`已保存：${r.level_name}的${PAID_SERVICE_NAMES[r.service]}每包 ${r.pack_size}${PAID_SERVICE_UNITS[r.service]}，${yuan(r.price_fen)}，${r.enabled ? '上架' : '已下架'}`));
  };
  return (
    <tr>
      <th scope="row">{p.level_name}</th>
      <td>
        {mayWrite ? (
          <form className="op-product-form" onSubmit={(e) => { e.preventDefault(); save(); }}>
            <Field id={`${prefix}pack_size`} label={`每包数量（${PAID_SERVICE_UNITS[p.service]}）`} error={form.errors.pack_size}>
              <InputText id={`${prefix}pack_size`} inputMode="numeric" value={form.values.pack_size} onChange={(e) => form.set('pack_size', e.target.value)} autoComplete="off" />
            </Field>
            <Field id={`${prefix}price_fen`} label="每包价格（元）" error={form.errors.price_fen}>
              <InputText id={`${prefix}price_fen`} inputMode="decimal" value={form.values.yuan} onChange={(e) => form.set('yuan', e.target.value)} autoComplete="off" />
            </Field>
            <label className="op-product-enabled">
              <Checkbox inputId={`${prefix}enabled`} checked={form.values.enabled} onChange={(e) => form.set('enabled', e.checked === true)} /> 上架
            </label>
            <Button type="submit" size="small" label="保存" loading={form.busy} aria-label={`保存${p.level_name}的${PAID_SERVICE_NAMES[p.service]}`} />
            {form.formError && <div className="form-error" role="alert">{form.formError}</div>}
          </form>
        ) : p.configured ? `每包 ${p.pack_size}${PAID_SERVICE_UNITS[p.service]}，${yuan(p.price_fen)}，${p.enabled ? '上架' : '已下架'}` : '未设置'}
      </td>
    </tr>
  );
}

export function OpProductPage() {
  const { session } = useRouteContext({ from: '__root__' });
  const mayWrite = hasAnyPermission(session.user?.permissions ?? [], PAID_SERVICE_OP_CODES.write);
  const q = useQuery(opProductsQuery());
  const [status, setStatus] = useState('');
  return (
    <div className="op-service-page">
      <section className="card">
        <h2>付费服务</h2>
        <p className="muted">为每个会员等级设置服务包的每包数量和价格；未设置或下架的，该等级的企业不能购买。会员套餐的价格在<Link to="/operation/system/companyLevel">会员等级</Link>中设置，卖家保证金在<Link to="/operation/pay/cashpledge">保证金</Link>中设置，平台质保的条款在<Link to="/operation/system/warranty">质保条款</Link>中设置。</p>
        {status && <p className="service-ok" role="status">{status}</p>}
      </section>
      {q.isPending ? <p aria-busy="true">正在加载…</p> : q.isError ? <p role="alert">{failure(q.error)}</p> : (
        <TabView scrollable>
          {PAID_SERVICES.map((service) => (
            <TabPanel key={service} header={PAID_SERVICE_NAMES[service]}>
              <p className="muted">{WHAT[service]}</p>
              <table className="op-product-table">
                <thead><tr><th scope="col">会员等级</th><th scope="col">服务包</th></tr></thead>
                <tbody>{q.data.data.filter((p) => p.service === service).map((p) => <ProductRow key={`${service}-${p.level_id}`} p={p} mayWrite={mayWrite} onSaved={setStatus} />)}</tbody>
              </table>
            </TabPanel>
          ))}
        </TabView>
      )}
    </div>
  );
}
