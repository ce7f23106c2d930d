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
import { INVOICE_REMARK_MAX } from '../../../shared/domain/invoice';
import { ORDER_STATUS_TEXT, type OrderStatus } from '../../../shared/domain/orders';
import { Field } from '../../ui/form/Field';
import { errorText, useForm } from '../../ui/form/form';
import { Price } from '../currency/Price';
import { invoiceOrdersQuery, invoiceTitlesQuery } from './queries';
import { titleOption, titleOptions, type TitleOption } from './title-option';
import { useInvoiceApply } from './mutations';
import { useLang, useT } from '../../i18n/lang';
import { formatDate } from '../../i18n/format';
import { Refusal } from '../../i18n/Refusal';
import { dataSlot, withData, withNodes } from '../../i18n/with-data';
import './invoice.css';

type Form = { order_nos: string[]; title_id: number; remark: string };
type SellerOption = { value: number; label: string; name: string; n: number };

/** a seller in the dropdown: its name is data (docs/i18n.md), the count in the page's language */
function sellerOption(o: SellerOption) {
  return <SellerOptionText o={o} />;
}
function SellerOptionText({ o }: { o: SellerOption }) {
  const t = useT();
  return <>{withData(t('{{seller}}（{{n}}单）', { seller: dataSlot(0), n: o.n }), [o.name])}</>;
}

export function InvoiceApplyPage({ mobile = false }: { mobile?: boolean }) {
  const t = useT();
  const lang = useLang();
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
  const titleId = f.title_id || titles.data?.find((x) => x.is_default)?.id || titles.data?.[0]?.id || 0;
  const total = shown.filter((o) => f.order_nos.includes(o.order_no)).reduce((s, o) => s + o.invoiceable_fen, 0);
  const toggle = (no: string, on: boolean) => form.set('order_nos', on ? [...f.order_nos, no] : f.order_nos.filter((x) => x !== no));
  const record = mobile ? '/ofo/invoice/record' : '/backend/accounting/invoiceHistory';
  const titlePage = mobile ? '/ofo/invoice/info' : '/backend/accounting/invoiceTitle';

  const send = () => {
    if (titleId === 0) return form.setErrors({ title_id: t('请先新增发票抬头') });
    void form.submit(apply, { order_nos: f.order_nos, title_id: titleId, remark: f.remark }, (r) => navigate({ to: record, search: { open: r.request_no } as never }));
  };

  const loading = orders.isPending || titles.isPending;
  return (
    <section className="iv-page" aria-labelledby="iv-apply-h">
      <div className="iv-head">
        {mobile ? <h2 id="iv-apply-h">{t('申请开票')}</h2> : <h1 id="iv-apply-h">{t('申请开票')}</h1>}
        <div className="iv-links"><Link to={titlePage}>{t('发票抬头')}</Link><Link to={record}>{t('开票记录')}</Link></div>
      </div>
      {(orders.isError || titles.isError) && <p className="iv-alert" role="alert"><Refusal text={errorText(orders.error ?? titles.error)} /></p>}
      {!loading && sellers.length === 0 && (
        <div className="iv-empty">
          {withNodes(t('没有可申请开票的订单。订单付款并确认收货后，可在这里向卖家申请开票；已申请的订单可在{{record}}查看。', { record: dataSlot(0) }), [<Link key="r" to={record}>{t('开票记录')}</Link>])}
        </div>
      )}
      {sellers.length > 0 && (
        <form noValidate aria-label={t('申请开票')} onSubmit={(e) => { e.preventDefault(); send(); }} className="iv-page">
          <div className="iv-form">
            <Field id="iv-apply-seller" label={t('卖家')} required hint={t('一次申请只能选择同一卖家的订单')}>
              <Dropdown inputId="iv-apply-seller" value={sellerId} options={sellers.map((s) => ({ value: s.id, label: t('{{seller}}（{{n}}单）', { seller: s.name, n: s.n }), name: s.name, n: s.n }))}
                itemTemplate={sellerOption} valueTemplate={(o?: SellerOption) => (o ? sellerOption(o) : null)}
                onChange={(e) => { setSeller(e.value as number); form.set('order_nos', []); }} />
            </Field>
            <Field id={form.idOf('title_id')} label={t('发票抬头')} required error={errors.title_id}
              hint={titles.data?.length ? undefined : <Link to={titlePage}>{t('还没有抬头，去新增')}</Link>}>
              <Dropdown inputId={form.idOf('title_id')} value={titleId || null} placeholder={t('请选择发票抬头')}
                options={titleOptions(t, titles.data ?? [])} itemTemplate={titleOption} valueTemplate={(o?: TitleOption) => (o ? titleOption(o) : t('请选择发票抬头'))}
                onChange={(e) => form.set('title_id', e.value as number)} />
            </Field>
          </div>
          <Field id={form.idOf('order_nos')} label={t('订单（已选 {{n}} 个）', { n: f.order_nos.length })} required error={errors.order_nos}>
            <div className="iv-orders" id={form.idOf('order_nos')} tabIndex={-1}>
              {shown.map((o) => (
                <label key={o.order_no} className="iv-order">
                  <Checkbox checked={f.order_nos.includes(o.order_no)} onChange={(e) => toggle(o.order_no, !!e.checked)} aria-label={t('选择订单 {{no}}', { no: o.order_no })} />
                  <span>
                    <span className="iv-no">{o.order_no}</span>
                    <small>{ORDER_STATUS_TEXT[o.status as OrderStatus] ? t(ORDER_STATUS_TEXT[o.status as OrderStatus]) : o.status} · {lang === 'vi' ? formatDate('vi', o.created_at) : formatChina(o.created_at, 'YYYY-MM-DD')} · {t('订单金额')} <Price fen={o.total_fen} />{o.refunded_fen > 0 && <> · {t('退款')} <Price fen={o.refunded_fen} /></>}</small>
                  </span>
                  <span title={t('可开票金额（实付减退款）')}><Price fen={o.invoiceable_fen} /></span>
                </label>
              ))}
            </div>
          </Field>
          <Field id={form.idOf('remark')} label={t('备注')} error={errors.remark} hint={t('选填，最多{{n}}个字', { n: INVOICE_REMARK_MAX })}>
            <InputText {...form.text('remark')} maxLength={INVOICE_REMARK_MAX} />
          </Field>
          {form.formError && <p className="iv-alert" role="alert"><Refusal text={form.formError} /></p>}
          <div className="iv-sum">
            <span>{t('开票金额')} <Price fen={total} /></span>
            <Button type="submit" label={t('提交申请')} loading={form.busy} disabled={f.order_nos.length === 0} />
          </div>
        </form>
      )}
    </section>
  );
}
