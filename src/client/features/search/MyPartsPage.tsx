import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { InputText } from 'primereact/inputtext';
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import { msg } from '../../../shared/messages';
import type { AnswerOf } from '../../../shared/contracts';
import { yuan } from '../../../shared/domain/money';
import { formatChina } from '../../../shared/domain/china-time';
import { myPartsQuery } from './queries';
import { useT, mark } from '../../i18n/lang';
import './search-more.css';

const STATE: Record<string, string> = { on: mark('在售'), off: mark('已下架'), suspended: mark('平台下架') };

/**
 * 我的库存与曾采购 (/search/parts/myes, docs/search.md "My stock and purchases"): an OE number (its
 * beginning) or a name looked up in the company's own stock and in what it bought, each row saying
 * which, with its quantity, last price and date.
 */
export function MyPartsPage({ k }: { k: string }) {
  const t = useT();
  const navigate = useNavigate();
  const [text, setText] = useState(k);
  const [info, setInfo] = useState('');
  const q = useQuery({ ...myPartsQuery(k), enabled: k !== '' });
  const search = () => {
    const value = text.trim();
    if (!value) return setInfo(t(msg.enterSearch));
    setInfo('');
    void navigate({ to: '/search/parts/myes', search: { k: value } });
  };
  return (
    <section className="card more-search" aria-label={t('我的库存与曾采购')}>
      <h2 className="more-title">{t('我的库存 / 曾采购')}</h2>
      <p className="muted more-intro">{t('在本公司的库存和采购记录中查找配件，不计每日库存查询次数。')}</p>
      <div className="more-box">
        <InputText name="k" aria-label={t('OE号或配件名称')} value={text} placeholder={t('OE号或配件名称，如：MB1-5W30、刹车油')}
          onChange={(e) => { setText(e.target.value); setInfo(''); }} onKeyDown={(e) => { if (e.key === 'Enter') search(); }} />
        <Button label={t('查找')} icon="pi pi-search" onClick={search} />
      </div>
      {info && <p className="muted" role="status">{info}</p>}
      {k !== '' && (q.isPending ? <p aria-busy="true">{t('正在查找…')}</p>
        : q.isError && !q.data ? <p role="alert">{q.error.message}</p>
          : <MyPartsTable k={k} data={q.data!} />)}
    </section>
  );
}

function MyPartsTable({ k, data }: { k: string; data: AnswerOf<'myPartsSearch'> }) {
  const t = useT();
  const stock = data.rows.filter((r) => r.source === 'stock').length;
  const bought = data.rows.length - stock;
  if (data.rows.length === 0) {
    return (
      <div className="more-empty" role="status">
        <p>{t('本公司的库存和采购记录中没有与“')}{k}{t('”相关的配件。')}</p>
        <p><Link to="/search/parts/keyword" search={{ k, mode: 'fuzzy', r: Date.now() }}>{t('在全平台搜索“')}{k}”</Link></p>
      </div>
    );
  }
  return (
    <>
      <p className="muted" role="status">{t('我的库存 {{stock}} 条，曾采购 {{bought}} 条', { stock, bought })}{data.truncated ? t('（只列出最近的50条，请输入更完整的OE号或名称）') : ''}
        {!data.purchases_visible && t('；您没有采购权限，未列出采购记录')}{!data.stock_visible && t('；您没有库存管理权限，未列出本公司库存')}</p>
      <table className="more-table">
        <thead>
          <tr><th>{t('来源')}</th><th>{t('OE号')}</th><th>{t('名称')}</th><th>{t('品牌')}</th><th>{t('数量')}</th><th>{t('最近价格')}</th><th>{t('最近日期')}</th><th>{t('卖家 / 状态')}</th><th>{t('操作')}</th></tr>
        </thead>
        <tbody>
          {data.rows.map((r) => (
            <tr key={r.source === 'stock' ? `s${r.stock_id}` : `p${r.supplier_oe}-${r.seller_company_id}`}>
              <td data-label={t('来源')}><Tag value={r.source === 'stock' ? t('我的库存') : t('曾采购')} severity={r.source === 'stock' ? 'info' : 'success'} /></td>
              <td data-label={t('OE号')} className="nowrap">{r.supplier_oe}</td>
              <td data-label={t('名称')}>{r.name}</td>
              <td data-label={t('品牌')} className="nowrap">{r.brand_name || '—'}</td>
              <td data-label={t('数量')} className="nowrap">{r.source === 'stock' ? t('库存 {{quantity}}', { quantity: r.quantity }) : t('共购 {{quantity}} 件 · {{order_count}} 单', { quantity: r.quantity, order_count: r.order_count })}</td>
              <td data-label={t('最近价格')} className="nowrap">{r.last_price_fen === null ? t('未定价') : yuan(r.last_price_fen)}{r.source === 'stock' && <small className="muted"> {t('批发价')}</small>}</td>
              <td data-label={t('最近日期')} className="nowrap">{formatChina(r.last_at, 'YYYY-MM-DD')}</td>
              <td data-label={t('卖家 / 状态')}>{r.source === 'stock' ? (STATE[r.state] ? t(STATE[r.state]) : r.state) : <span data-user-text>{r.seller_company_name}</span>}</td>
              <td data-label={t('操作')} className="nowrap">
                {r.source === 'stock'
                  ? <Link to="/search/parts/oe" search={{ code: r.supplier_oe, r: Date.now() }}>{t('看同行报价')}</Link>
                  : <Link to="/backend/order/detail/$orderNo" params={{ orderNo: r.last_order_no }}>{t('最近订单')}</Link>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
