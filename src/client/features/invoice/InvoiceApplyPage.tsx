/**
 * 申请开票 (/backend/accounting/invoice, /ofo/invoice): the buyer picks a seller, ticks that seller's
 * paid, received or completed orders not yet invoiced, chooses a title and sends the request; the
 * amount is what was paid less refunds (docs/money.md#invoices).
 */
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { formatChina } from '../../../shared/domain/china-time';
import { INVOICE_REMARK_MAX, INVOICE_TITLE_KIND_TEXT, INVOICE_TYPE_TEXT } from '../../../shared/domain/invoice';
import { ORDER_STATUS_TEXT, type OrderStatus } from '../../../shared/domain/orders';
import { Field } from '../../ui/form/Field';
import { errorText, useForm } from '../../ui/form/form';
import { Price } from '../currency/Price';
import { invoiceOrdersQuery, invoiceTitlesQuery } from './queries';
import { useInvoiceApply } from './mutations';
import './invoice.css';

type Form = { order_nos: string[]; title_id: number; remark: string };

export function InvoiceApplyPage({ mobile = false }: { mobile?: boolean }) {
  const navigate = useNavigate();
  const orders = useQuery(invoiceOrdersQuery({}));
  const titles = useQuery(invoiceTitlesQuery());
  const apply = useInvoiceApply();
  const [seller, setSeller] = useState<number | null>(null);
  const form = useForm<Form>({ order_nos: [], title_id: 0, remark: '' }, { idPrefix: 'iv-apply-' });
  const { values: f, errors } = form;

  const sellers = useMemo(() => {
    const m = new Map<number, { id: number; name: string; n: number }>();
    for (const o of orders.data ?? []) {
      const s = m.get(o.seller_company_id) ?? { id: o.seller_company_id, name: o.seller_company_name, n: 0 };
      s.n += 1;
      m.set(o.seller_company_id, s);
    }
    return [...m.values()];
  }, [orders.data]);
  const sellerId = seller ?? sellers[0]?.id ?? null;
  const shown = (orders.data ?? []).filter((o) => o.seller_company_id === sellerId);
  const titleId = f.title_id || titles.data?.find((t) => t.is_default)?.id || titles.data?.[0]?.id || 0;
  const total = shown.filter((o) => f.order_nos.includes(o.order_no)).reduce((s, o) => s + o.invoiceable_fen, 0);
  const toggle = (no: string, on: boolean) => form.set('order_nos', on ? [...f.order_nos, no] : f.order_nos.filter((x) => x !== no));
  const record = mobile ? '/ofo/invoice/record' : '/backend/accounting/invoiceHistory';
  const titlePage = mobile ? '/ofo/invoice/info' : '/backend/accounting/invoiceTitle';

  const send = () => {
    if (titleId === 0) return form.setErrors({ title_id: '请先新增发票抬头' });
    void form.submit(apply, { order_nos: f.order_nos, title_id: titleId, remark: f.remark }, (r) => navigate({ to: record, search: { open: r.request_no } as never }));
  };

  const loading = orders.isPending || titles.isPending;
  return (
    <section className="iv-page" aria-labelledby="iv-apply-h">
      <div className="iv-head">
        {mobile ? <h2 id="iv-apply-h">申请开票</h2> : <h1 id="iv-apply-h">申请开票</h1>}
        <div className="iv-links"><Link to={titlePage}>发票抬头</Link><Link to={record}>开票记录</Link></div>
      </div>
      {(orders.isError || titles.isError) && <p className="iv-alert" role="alert">{errorText(orders.error ?? titles.error)}</p>}
      {!loading && sellers.length === 0 && (
        <div className="iv-empty">
          没有可申请开票的订单。订单付款并确认收货后，可在这里向卖家申请开票；已申请的订单可在<Link to={record}>开票记录</Link>查看。
        </div>
      )}
      {sellers.length > 0 && (
        <form noValidate aria-label="申请开票" onSubmit={(e) => { e.preventDefault(); send(); }} className="iv-page">
          <div className="iv-form">
            <Field id="iv-apply-seller" label="卖家" required hint="一次申请只能选择同一卖家的订单">
              <Dropdown inputId="iv-apply-seller" value={sellerId} options={sellers.map((s) => ({ value: s.id, label: `${s.name}（${s.n}单）` }))}
                onChange={(e) => { setSeller(e.value as number); form.set('order_nos', []); }} />
            </Field>
            <Field id={form.idOf('title_id')} label="发票抬头" required error={errors.title_id}
              hint={titles.data?.length ? undefined : <Link to={titlePage}>还没有抬头，去新增</Link>}>
              <Dropdown inputId={form.idOf('title_id')} value={titleId || null} placeholder="请选择发票抬头"
                options={(titles.data ?? []).map((t) => ({ value: t.id, label: `${t.name}（${INVOICE_TITLE_KIND_TEXT[t.kind]} · ${INVOICE_TYPE_TEXT[t.invoice_type]}）` }))}
                onChange={(e) => form.set('title_id', e.value as number)} />
            </Field>
          </div>
          <Field id={form.idOf('order_nos')} label={`订单（已选 ${f.order_nos.length} 个）`} required error={errors.order_nos}>
            <div className="iv-orders" id={form.idOf('order_nos')} tabIndex={-1}>
              {shown.map((o) => (
                <label key={o.order_no} className="iv-order">
                  <Checkbox checked={f.order_nos.includes(o.order_no)} onChange={(e) => toggle(o.order_no, !!e.checked)} aria-label={`选择订单 ${o.order_no}`} />
                  <span>
                    <span className="iv-no">{o.order_no}</span>
                    <small>{ORDER_STATUS_TEXT[o.status as OrderStatus] ?? o.status} · {formatChina(o.created_at, 'YYYY-MM-DD')} · 订单金额 <Price fen={o.total_fen} />{o.refunded_fen > 0 && <> · 退款 <Price fen={o.refunded_fen} /></>}</small>
                  </span>
                  <span title="可开票金额（实付减退款）"><Price fen={o.invoiceable_fen} /></span>
                </label>
              ))}
            </div>
          </Field>
          <Field id={form.idOf('remark')} label="备注" error={errors.remark} hint={`选填，最多${INVOICE_REMARK_MAX}个字`}>
            <InputText {...form.text('remark')} maxLength={INVOICE_REMARK_MAX} />
          </Field>
          {form.formError && <p className="iv-alert" role="alert">{form.formError}</p>}
          <div className="iv-sum">
            <span>开票金额 <Price fen={total} /></span>
            <Button type="submit" label="提交申请" loading={form.busy} disabled={f.order_nos.length === 0} />
          </div>
        </form>
      )}
    </section>
  );
}
