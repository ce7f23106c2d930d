import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useRouteContext } from '@tanstack/react-router';
import { InputText } from 'primereact/inputtext';
import { Button } from 'primereact/button';
import { Paginator } from 'primereact/paginator';
import { Tag } from 'primereact/tag';
import { PAGE_SIZES, type AnswerOf, type StockRow } from '../../../shared/contracts';
import { PRICE_LABELS, type PriceColumn } from '../../../shared/domain/prices';
import { msg, shopMsg } from '../../../shared/messages';
import { warrantyText } from '../../../shared/domain/warranty';
import { StockTable, type StockColumnKey } from '../search/StockTable';
import { ResultViewControls } from '../search/ResultViewControls';
import { useResultView } from '../search/result-view';
import { Price } from '../currency/Price';
import { productsQuery, shopQuery } from './queries';
import { ShopRelation } from './ShopRelation';
import { PledgeMark } from '../cash-pledge/PledgeMark';
import { FollowButton } from '../basket/FollowButton';
import { ShopPackages } from '../maintenance/ShopPackages';
import { SHOP_TABS, type ShopSearch } from './shop-search';
import './company.css';


type Shop = AnswerOf<'getCompanyShop'>;

/** Columns of the search tables that the shop header already shows once (seller, its area, contacts). */
const SAME_FOR_EVERY_ROW: StockColumnKey[] = ['seller', 'area', 'contact'];

/** Where a tab of this shop lives: /company/{id} on the desktop, /company/m/{id} on the phone. */
const useShopNav = (id: number, mobile: boolean) => {
  const navigate = useNavigate();
  return (search: Partial<ShopSearch>) =>
    void navigate(mobile ? { to: '/company/m/$id', params: { id: String(id) }, search } : { to: '/company/$id', params: { id: String(id) }, search });
};

const Contacts = ({ shop }: { shop: Shop }) =>
  shop.contacts_visible ? (
    <span>电话 {shop.company.phone || '—'} · QQ {shop.company.qq || '—'}</span>
  ) : (
    <span className="blurred-contact" title={msg.upgradeToView}>
      <span aria-hidden="true" style={{ filter: 'blur(4px)' }}>电话 020-88888888 · QQ 88888888</span>
      <small>{msg.upgradeToView}</small>
    </span>
  );

function ShopHeader({ shop, mobile }: { shop: Shop; mobile: boolean }) {
  const c = shop.company;
  return (
    <section className={mobile ? 'shop-head shop-head-m' : 'shop-head card'} aria-label="公司信息">
      <div className="shop-title">
        <h1>{c.name}</h1>
        <Tag value={c.level_name} severity={c.level_type === 'paid' ? 'success' : 'info'} />
        <PledgeMark companyId={c.id} />
        <FollowButton kind="seller" sellerId={c.id} name={c.short_name} />
        {shop.warranty_months > 0 && <Tag value={warrantyText.mark(shop.warranty_months)} severity="info" icon="pi pi-verified" title="该卖家已购买平台质保：收货后在此期限内可就质量问题申请售后" />}
        {shop.alliances.map((a) => (
          <span key={a} data-user-text><Tag value={a} severity="warning" icon="pi pi-sitemap" title="平台认证的汽配联盟成员" data-testid="shop-alliance" /></span>
        ))}
      </div>
      <dl className="shop-facts">
        <div><dt>简称</dt><dd>{c.short_name}</dd></div>
        <div><dt>所在地区</dt><dd>{c.province}{c.city !== c.province ? c.city : ''}</dd></div>
        {shop.autoparts_city && <div><dt>汽配城</dt><dd data-testid="shop-autoparts-city"><span data-user-text>{shop.autoparts_city}</span>{shop.autoparts_city_id > 0 && <> <Link to="/search/company" search={{ k: '', market: shop.autoparts_city_id }}>这个汽配城的其他企业</Link></>}</dd></div>}
        <div><dt>主营品牌</dt><dd>{c.main_brands.length > 0 ? c.main_brands.join('、') : '—'}</dd></div>
        <div><dt>在售配件</dt><dd>{c.stock_count} 种</dd></div>
        <div><dt>地址</dt><dd>{c.address || '—'}</dd></div>
        <div><dt>联系方式</dt><dd><Contacts shop={shop} /></dd></div>
        <ShopRelation id={c.id} mobile={mobile} />
      </dl>
      {shop.own && <Link to="/backend/store" className="shop-own-link"><i className="pi pi-palette" /> {shopMsg.decorate}</Link>}
    </section>
  );
}

const Empty = ({ text, own }: { text: string; own: boolean }) => (
  <p className="muted shop-empty">{text}{own && <> · <Link to="/backend/store">{shopMsg.decorate}</Link></>}</p>
);

function FeaturedCard({ row, prices, onOpen }: { row: StockRow; prices: readonly string[]; onOpen: () => void }) {
  const first = prices[0] as PriceColumn | undefined;
  return (
    <button type="button" className="shop-featured" onClick={onOpen} title="在产品中查看">
      <strong>{row.name}</strong>
      <span className="muted">{row.supplier_oe}</span>
      <span>{row.is_original ? <Tag value="原厂件" severity="success" /> : row.part_brand_name || row.quality_name}</span>
      {first && <span className="shop-price">{PRICE_LABELS[first]} <Price fen={row[first]} /></span>}
      <span className="muted">{row.quantity > 0 ? `库存 ${row.quantity} ${row.uom_name}` : '无货'}</span>
    </button>
  );
}

function Exhibition({ shop, go }: { shop: Shop; go: (s: Partial<ShopSearch>) => void }) {
  const d = shop.decoration;
  if (!d.banner_url && !d.intro && d.featured.length === 0) return <Empty text={shopMsg.noExhibition} own={shop.own} />;
  return (
    <div className="shop-exhibition">
      {d.banner_url && <img className="shop-banner" src={d.banner_url} alt={`${shop.company.short_name}展厅横幅`} />}
      {d.intro && <p className="shop-text">{d.intro}</p>}
      <h2>精选产品</h2>
      {d.featured.length === 0 ? <p className="muted">{shopMsg.noFeatured}</p> : (
        <div className="shop-featured-grid">
          {d.featured.map((r) => <FeaturedCard key={r.id} row={r} prices={shop.price_columns} onOpen={() => go({ tab: 'product', k: r.supplier_oe, page: 1 })} />)}
        </div>
      )}
    </div>
  );
}

function Factory({ shop }: { shop: Shop }) {
  const d = shop.decoration;
  if (!d.factory_desc && d.photos.length === 0) return <Empty text={shopMsg.noFactory} own={shop.own} />;
  return (
    <div>
      {d.factory_desc && <p className="shop-text">{d.factory_desc}</p>}
      <div className="shop-photos">
        {d.photos.map((p, i) => (
          <figure key={`${i}-${p.url}`}>
            <a href={p.url} target="_blank" rel="noopener noreferrer"><img src={p.url} alt={p.title || `工厂照片${i + 1}`} loading="lazy" /></a>
            {p.title && <figcaption>{p.title}</figcaption>}
          </figure>
        ))}
      </div>
    </div>
  );
}

const isVideoFile = (url: string) => /\.(mp4|webm|ogg)(\?|#|$)/i.test(url);

function Videos({ shop }: { shop: Shop }) {
  const videos = shop.decoration.videos;
  if (videos.length === 0) return <Empty text={shopMsg.noVideos} own={shop.own} />;
  return (
    <ul className="shop-videos">
      {videos.map((v, i) => (
        <li key={`${i}-${v.url}`}>
          {isVideoFile(v.url) && <video src={v.url} controls preload="metadata" />}
          <a href={v.url} target="_blank" rel="noopener noreferrer"><i className="pi pi-video" /> {v.title}</a>
        </li>
      ))}
    </ul>
  );
}

function Products({ id, search, mobile, go }: { id: number; search: ShopSearch; mobile: boolean; go: (s: Partial<ShopSearch>) => void }) {
  const [k, setK] = useState(search.k);
  useEffect(() => setK(search.k), [search.k]);
  const q = useQuery({ ...productsQuery(id, { k: search.k, page: search.page, size: search.size }), placeholderData: keepPreviousData });
  const { session } = useRouteContext({ from: '__root__' });
  const [view, setView] = useResultView(session.user?.uuid);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    go({ tab: 'product', k: k.trim(), page: 1, size: search.size });
  };
  let body: ReactNode;
  if (q.isPending) body = <p aria-busy="true">正在加载…</p>;
  else if (q.isError && !q.data) body = <p>{q.error.message}</p>;
  else {
    const data = q.data!;
    body = mobile ? (
      <>
        <ul className="shop-m-products">
          {data.rows.length === 0 && <li className="muted">{msg.noResults}</li>}
          {data.rows.map((r) => (
            <li key={r.id}>
              <strong>{r.name}</strong>
              <span className="muted">{r.supplier_oe} · {r.is_original ? '原厂件' : r.part_brand_name || r.quality_name}</span>
              <span>{data.price_columns.slice(0, 2).map((p) => <span key={p} className="shop-price">{PRICE_LABELS[p as PriceColumn]} <Price fen={r[p as PriceColumn]} /> </span>)}</span>
              <span className="muted">{r.quantity > 0 ? `库存 ${r.quantity} ${r.uom_name}` : '无货'}</span>
            </li>
          ))}
        </ul>
        {!data.contacts_visible && <p className="muted">{msg.registeredCannotQuote}</p>}
        <Paginator first={(search.page - 1) * search.size} rows={search.size} totalRecords={data.total} template="PrevPageLink CurrentPageReport NextPageLink"
          currentPageReportTemplate="{currentPage} / {totalPages}" onPageChange={(e) => go({ tab: 'product', k: search.k, page: e.page + 1, size: search.size })} />
      </>
    ) : (
      <>
        <div className="result-status">
          <p className="muted" role="status">{search.k ? `“${search.k}” ` : ''}共 {data.total} 种{!data.contacts_visible && <> · {msg.registeredCannotQuote}</>}</p>
          <ResultViewControls view={view} onChange={setView} priceColumns={data.price_columns} omit={SAME_FOR_EVERY_ROW} />
        </div>
        <StockTable rows={data.rows} priceColumns={data.price_columns} contactsVisible={data.contacts_visible} view={view} label="本店产品" showOe
          omit={SAME_FOR_EVERY_ROW} sortable={[]} loading={q.isFetching && q.isPlaceholderData}
          paging={{ first: (search.page - 1) * search.size, rows: search.size, total: data.total, onPage: (first, rows) => go({ tab: 'product', k: search.k, page: Math.floor(first / rows) + 1, size: PAGE_SIZES.find((n) => n === rows) ?? 50 }) }} />
      </>
    );
  }
  return (
    <div>
      <form className="shop-filter" onSubmit={submit} role="search">
        <InputText value={k} onChange={(e) => setK(e.target.value)} placeholder="名称、OE号、品牌或车型" aria-label="在本店产品中搜索" maxLength={50} />
        <Button type="submit" label="搜索" icon="pi pi-search" />
        {search.k && <Button type="button" label="清除" text onClick={() => go({ tab: 'product', k: '', page: 1, size: search.size })} />}
      </form>
      {body}
    </div>
  );
}

/** The shop page of a seller: header, and the tabs 展厅 · 工厂 · 产品 · 保养套餐 · 视频; `mobile` is the narrow single-column variant. */
export function ShopPage({ id, search, mobile = false }: { id: number; search: ShopSearch; mobile?: boolean }) {
  const q = useQuery(shopQuery(id));
  const go = useShopNav(id, mobile);
  if (q.isPending) return <div className="card" aria-busy="true">正在加载店铺…</div>;
  if (q.isError && !q.data) return <div className="card shop-missing" role="alert">{q.error.message}</div>;
  const shop = q.data!;
  return (
    <div className={mobile ? 'shop shop-m' : 'shop'}>
      <ShopHeader shop={shop} mobile={mobile} />
      <nav className="shop-tabs" aria-label="店铺栏目">
        {SHOP_TABS.map((t) => (
          <Link key={t} to={mobile ? '/company/m/$id' : '/company/$id'} params={{ id: String(id) }} search={{ tab: t }}
            className={search.tab === t ? 'active' : ''} aria-current={search.tab === t ? 'page' : undefined}>
            {shopMsg.tabs[t]}
          </Link>
        ))}
      </nav>
      <section className={mobile ? 'shop-body' : 'shop-body card'} aria-label={shopMsg.tabs[search.tab]}>
        {search.tab === 'exhibition' && <Exhibition shop={shop} go={go} />}
        {search.tab === 'factory' && <Factory shop={shop} />}
        {search.tab === 'product' && <Products id={id} search={search} mobile={mobile} go={go} />}
        {search.tab === 'maintenance' && <ShopPackages companyId={id} own={shop.own} />}
        {search.tab === 'video' && <Videos shop={shop} />}
      </section>
    </div>
  );
}
