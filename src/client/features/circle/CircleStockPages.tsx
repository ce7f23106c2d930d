/**
 * 商圈库存 in the back office (M05, docs/circles.md): 我的商圈 (mine), 商圈商品 (circleProduct),
 * 我分配的商品 with 分配/修改 (myProduct, edit with allocating), 成员库存汇总 (stock) and
 * 商品库存查询 (query). Declarations of the list block; the server decides who sees what.
 */
import { useState } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import type { CircleMemberStock, CircleProduct, CircleProductTotal, CircleRow, MyCircleProduct, PayloadIn } from '../../../shared/contracts';
import { formatChina } from '../../../shared/domain/china-time';
import { yuan, yuanToFen } from '../../../shared/domain/money';
import { ListPage, type ListDef } from '../../ui/list/ListPage';
import type { ListSearch } from '../../ui/list/list-search';
import { Field } from '../../ui/form/Field';
import { useForm } from '../../ui/form/form';
import { useCartWrite } from '../cart/mutations';
import '../stock/stock.css';
import './circle.css';
import { useAllocate, useWithdrawAllocation } from './mutations';
import { circleKeys, circleListQuery, circleProductsQuery, circleStockQuery, circleTotalsQuery, myCircleProductsQuery, ownStockQuery } from './queries';

type Props = { search: ListSearch; onSearch: (s: ListSearch) => void };

const circleOf = (s: ListSearch) => (s.circle !== undefined && /^\d{1,9}$/.test(String(s.circle)) ? Number(s.circle) : undefined);
const paging = (s: ListSearch) => ({ k: s.k === undefined ? '' : String(s.k), page_number: s.page ?? 1, page_size: s.size ?? 50 });
const productKey = (p: { circle_id: number; stock_id: number }) => p.circle_id * 2 ** 31 + p.stock_id;

/** The circles my company is in (approved, or owner): the circle filter's choices. */
const useMyCircles = () => {
  const q = useQuery(circleListQuery(''));
  return (q.data?.data ?? []).filter((c) => c.is_owner || c.member_state === 'approved');
};
const circleOptions = (circles: CircleRow[]) => circles.map((c) => ({ label: c.name, value: String(c.id) }));

/** Until a circle is chosen, a page with one circle's data says what to do. */
function ChooseCircle({ circles, onSearch, search, ownerOnly }: Props & { circles: CircleRow[]; ownerOnly?: boolean }) {
  const choices = ownerOnly ? circles.filter((c) => c.is_owner) : circles;
  return (
    <section className="card">
      {choices.length === 0
        ? <p>{ownerOnly ? '您的公司还没有自己的商圈。' : '您的公司还没有加入商圈。'}<Link to="/trade/list">去商圈列表</Link>{ownerOnly ? '创建一个商圈，' : '申请加入或创建商圈，'}然后回到这里。</p>
        : (
          <label className="circle-search">选择商圈：
            <Dropdown value={undefined} options={circleOptions(choices)} placeholder="请选择商圈" onChange={(e) => onSearch({ ...search, circle: String(e.value), page: 1 })} />
          </label>
        )}
    </section>
  );
}

/* ---- mine ---- */

const mineQuery = () => queryOptions({
  ...circleListQuery(''),
  select: (r: { data: CircleRow[]; total: number }) => {
    const data = r.data.filter((c) => c.is_owner || c.member_state === 'approved');
    return { data, total: data.length };
  },
});

export function MyCirclesPage({ search, onSearch }: Props) {
  const def: ListDef<CircleRow> = {
    title: '我的商圈',
    filters: [],
    query: () => mineQuery() as never,
    rowKey: (c) => c.id,
    rowLabel: (c) => c.name,
    columns: [
      { key: 'name', header: '商圈', width: '12rem', cell: (c) => <div className="stock-key"><Link to="/trade/$id" params={{ id: String(c.id) }}><strong>{c.name}</strong></Link><small className="muted">{c.area} · 圈主 {c.owner_company_name}</small></div> },
      { key: 'member_count', header: '成员', width: '5rem', num: true, cell: (c) => c.member_count },
      { key: 'role', header: '身份', width: '5rem', cell: (c) => (c.is_owner ? '圈主' : '成员') },
      {
        key: 'actions', actions: true, header: '操作', width: '16rem',
        cell: (c) => (
          <span className="circle-links">
            <Link to="/backend/circle/circleProduct" search={{ circle: String(c.id) }}>商圈商品</Link>
            <Link to="/backend/circle/myProduct" search={{ circle: String(c.id) }}>我的分配</Link>
            {c.is_owner && <Link to="/backend/circle/stock" search={{ circle: String(c.id) }}>库存汇总</Link>}
            {c.is_owner && <Link to="/backend/circle/query" search={{ circle: String(c.id) }}>商品查询</Link>}
          </span>
        ),
      },
    ],
    empty: () => <>您的公司还没有加入商圈。<Link to="/trade/list">去商圈列表</Link>申请加入，或创建自己的商圈。</>,
  };
  return <ListPage def={def} search={search} onSearch={onSearch} />;
}

/* ---- circleProduct ---- */

export const circleProductsPayload = (s: ListSearch, circle: number): PayloadIn<'tradeCircleProducts'> => ({ circle_id: circle, ...paging(s) });

export function CircleProductPage({ search, onSearch }: Props) {
  const circles = useMyCircles();
  const circle = circleOf(search);
  const write = useCartWrite();
  const [status, setStatus] = useState('');
  if (circle === undefined) return <ChooseCircle circles={circles} search={search} onSearch={onSearch} />;
  const buy = async (p: CircleProduct) => {
    await write('cartAdd', { stock_id: p.stock_id, qty: 1, circle_id: p.circle_id });
    setStatus(`已按商圈价加入购物车：${p.supplier_oe} ${p.name}`);
  };
  const def: ListDef<CircleProduct, ReturnType<typeof circleKeys.products>> = {
    title: '商圈商品',
    filters: [
      { name: 'circle', label: '商圈', type: 'select', options: circleOptions(circles) },
      { name: 'k', label: 'OE号 / 名称', type: 'text', width: '13rem', primary: true },
    ],
    query: (s) => circleProductsQuery(circleProductsPayload(s, circle)),
    rowKey: productKey,
    rowLabel: (p) => `${p.supplier_oe} ${p.name}`,
    columns: [
      { key: 'oe', header: 'OE号 / 名称', width: '13rem', cell: (p) => <div className="stock-key"><strong>{p.supplier_oe}</strong><small className="muted">{p.name}{p.brand_name ? ` · ${p.brand_name}` : ''}</small></div> },
      { key: 'price', header: '商圈价', width: '7rem', num: true, cell: (p) => <span className="circle-price">{yuan(p.circle_price_fen)}</span> },
      { key: 'qty', header: '可售数量', width: '6rem', num: true, cell: (p) => p.available_qty },
      { key: 'seller', header: '卖家', width: '9rem', priority: 2, cell: (p) => p.company_name },
      {
        key: 'actions', actions: true, header: '操作', width: '7rem',
        cell: (p) => <button type="button" className="linklike" onClick={() => void buy(p)} aria-label={`按商圈价购买 ${p.supplier_oe}`}>加入购物车</button>,
      },
    ],
    empty: (filtered) => (filtered && search.k ? '没有符合条件的商圈商品，换个OE号或名称试试。' : '这个商圈还没有分配的商品。成员可以在“我分配的商品”里把自己的库存分配到商圈。'),
  };
  return <ListPage def={def} search={search} onSearch={onSearch} status={status && <p className="stock-status ok" role="status">{status}</p>} />;
}

/* ---- myProduct (edit with allocating) ---- */

export function MyProductPage({ search, onSearch }: Props) {
  const circles = useMyCircles();
  const circle = circleOf(search);
  const withdraw = useWithdrawAllocation();
  const [editing, setEditing] = useState<MyCircleProduct | 'new' | null>(null);
  const [status, setStatus] = useState('');
  const def: ListDef<MyCircleProduct, ReturnType<typeof circleKeys.myProducts>> = {
    title: '我分配的商品',
    filters: [
      { name: 'circle', label: '商圈', type: 'select', options: circleOptions(circles) },
      { name: 'k', label: 'OE号 / 名称', type: 'text', width: '13rem', primary: true },
    ],
    query: (s) => myCircleProductsQuery({ ...(circle === undefined ? {} : { circle_id: circle }), ...paging(s) }),
    rowKey: productKey,
    rowLabel: (p) => `${p.supplier_oe} ${p.name}`,
    columns: [
      { key: 'oe', header: 'OE号 / 名称', width: '13rem', cell: (p) => <div className="stock-key"><strong>{p.supplier_oe}</strong><small className="muted">{p.name}</small></div> },
      { key: 'circle', header: '商圈', width: '9rem', cell: (p) => p.circle_name },
      { key: 'allocated', header: '分配数量', width: '6rem', num: true, cell: (p) => p.allocated_qty },
      {
        key: 'available', header: '可售 / 库存', width: '7rem', num: true,
        cell: (p) => <span title={p.available_qty < p.allocated_qty ? '库存少于分配数量：商圈按现有库存销售' : undefined}>{p.available_qty} / {p.stock_qty}</span>,
      },
      { key: 'price', header: '商圈价', width: '7rem', num: true, cell: (p) => <span className="circle-price">{yuan(p.circle_price_fen)}</span> },
      { key: 'updated', header: '更新时间', width: '8rem', priority: 3, cell: (p) => formatChina(p.updated_at, 'YYYY-MM-DD HH:mm') },
      {
        key: 'actions', actions: true, header: '操作', width: '8rem',
        cell: (p) => (
          <span className="circle-links">
            <button type="button" className="linklike" onClick={() => setEditing(p)} aria-label={`修改分配 ${p.supplier_oe}`}>修改</button>
            <button type="button" className="linklike" aria-label={`撤回分配 ${p.supplier_oe}`}
              onClick={() => { if (window.confirm(`撤回“${p.supplier_oe} ${p.name}”在“${p.circle_name}”的分配？`)) withdraw.mutate({ circle_id: p.circle_id, stock_id: p.stock_id }, { onSuccess: () => setStatus(`已撤回：${p.supplier_oe}`) }); }}>撤回</button>
          </span>
        ),
      },
    ],
    empty: (filtered) => (filtered && search.k ? '没有符合条件的分配，换个关键词试试。' : '还没有分配商品。点“分配库存”，把本公司的库存按商圈价分配到商圈。'),
  };
  return (
    <>
      <ListPage def={def} search={search} onSearch={onSearch}
        toolbar={<Button label="分配库存" icon="pi pi-plus" size="small" disabled={circles.length === 0} onClick={() => setEditing('new')} />}
        status={status && <p className="stock-status ok" role="status" data-testid="circle-status">{status}</p>} />
      {editing && (
        <AllocateDialog circles={circles} initialCircle={circle} editing={editing === 'new' ? null : editing} onHide={() => setEditing(null)}
          onSaved={(p) => { setEditing(null); setStatus(`已保存：${p.supplier_oe} 分配 ${p.allocated_qty} 件，商圈价 ${yuan(p.circle_price_fen)}`); }} />
      )}
    </>
  );
}

type AllocForm = { circle_id: string; oe: string; stock_id: number | null; allocated_qty: string; circle_price: string };

function AllocateDialog({ circles, initialCircle, editing, onHide, onSaved }: {
  circles: CircleRow[]; initialCircle?: number; editing: MyCircleProduct | null; onHide: () => void; onSaved: (p: MyCircleProduct) => void;
}) {
  const form = useForm<AllocForm>({
    circle_id: String(editing?.circle_id ?? initialCircle ?? circles[0]?.id ?? ''),
    oe: editing?.supplier_oe ?? '', stock_id: editing?.stock_id ?? null,
    allocated_qty: editing ? String(editing.allocated_qty) : '', circle_price: editing ? (editing.circle_price_fen / 100).toFixed(2) : '',
  });
  const { values, set, errors } = form;
  const allocate = useAllocate();
  const own = useQuery({ ...ownStockQuery(values.oe.trim()), enabled: !editing && values.oe.trim().length >= 2 });
  const picked = editing ? null : own.data?.data.find((r) => r.id === values.stock_id);
  const submit = () => {
    const fen = yuanToFen(values.circle_price);
    const payload = {
      circle_id: Number(values.circle_id), stock_id: values.stock_id ?? 0,
      allocated_qty: Number(values.allocated_qty), circle_price_fen: fen ?? -1,
    } as PayloadIn<'tradeCircleAllocate'>;
    void form.submit(allocate, payload, onSaved);
  };
  return (
    <Dialog header={editing ? `修改分配 · ${editing.supplier_oe}` : '分配库存到商圈'} visible modal onHide={onHide} style={{ width: 'min(34rem, 96vw)' }}
      footer={<><Button type="button" label="取消" outlined onClick={onHide} /><Button type="submit" form="circle-alloc-form" label="保存" icon="pi pi-check" loading={form.busy} /></>}>
      <form id="circle-alloc-form" className="circle-alloc-form" noValidate onSubmit={(e) => { e.preventDefault(); submit(); }}>
        <Field id="circle_id" label="商圈" required error={errors.circle_id}>
          <Dropdown inputId="circle_id" value={values.circle_id} options={circleOptions(circles)} disabled={!!editing} onChange={(e) => set('circle_id', String(e.value))} />
        </Field>
        {editing ? <p className="muted">{editing.name} · 现有库存 {editing.stock_qty} 件</p> : (
          <Field id="stock_id" label="库存（按OE号查找本公司在售库存）" required error={errors.stock_id}>
            <InputText id="oe" value={values.oe} placeholder="输入OE号，至少2位" onChange={(e) => { set('oe', e.target.value); set('stock_id', null); }} />
            <Dropdown inputId="stock_id" value={values.stock_id} placeholder={own.isFetching ? '正在查找…' : '选择一条库存'} emptyMessage="没有找到本公司的在售库存"
              options={(own.data?.data ?? []).map((r) => ({ label: `${r.supplier_oe} ${r.name} · 库存 ${r.quantity}`, value: r.id }))}
              onChange={(e) => set('stock_id', e.value as number)} />
          </Field>
        )}
        <Field id="allocated_qty" label="分配数量" required hint={picked ? `不能超过现有库存 ${picked.quantity} 件` : '不能超过这条库存的数量'} error={errors.allocated_qty}>
          <InputText id="allocated_qty" inputMode="numeric" value={values.allocated_qty} onChange={(e) => set('allocated_qty', e.target.value)} invalid={!!errors.allocated_qty} />
        </Field>
        <Field id="circle_price_fen" label="商圈价（元）" required hint="圈内成员按此价格购买" error={errors.circle_price_fen}>
          <InputText id="circle_price_fen" inputMode="decimal" value={values.circle_price} onChange={(e) => set('circle_price', e.target.value)} invalid={!!errors.circle_price_fen} />
        </Field>
        {form.formError && <p role="alert" className="field-error">{form.formError}</p>}
      </form>
    </Dialog>
  );
}

/* ---- stock (owner: per member) ---- */

export function CircleStockPage({ search, onSearch }: Props) {
  const circles = useMyCircles();
  const circle = circleOf(search);
  if (circle === undefined) return <ChooseCircle circles={circles} search={search} onSearch={onSearch} ownerOnly />;
  const def: ListDef<CircleMemberStock, ReturnType<typeof circleKeys.stock>> = {
    title: '成员库存汇总',
    filters: [{ name: 'circle', label: '商圈', type: 'select', options: circleOptions(circles.filter((c) => c.is_owner)) }],
    query: () => circleStockQuery(circle),
    rowKey: (m) => m.company_id,
    rowLabel: (m) => m.company_name,
    columns: [
      { key: 'company', header: '成员企业', width: '12rem', cell: (m) => <strong>{m.company_name}</strong> },
      { key: 'products', header: '分配商品', width: '6rem', num: true, cell: (m) => m.product_count },
      { key: 'qty', header: '可售数量', width: '6rem', num: true, cell: (m) => m.available_qty },
      { key: 'value', header: '商圈货值', width: '8rem', num: true, cell: (m) => yuan(m.value_fen) },
    ],
    empty: () => '这个商圈还没有成员。',
  };
  return <ListPage def={def} search={search} onSearch={onSearch} />;
}

/* ---- query (owner: per product) ---- */

export function CircleQueryPage({ search, onSearch }: Props) {
  const circles = useMyCircles();
  const circle = circleOf(search);
  if (circle === undefined) return <ChooseCircle circles={circles} search={search} onSearch={onSearch} ownerOnly />;
  const def: ListDef<CircleProductTotal, ReturnType<typeof circleKeys.query>> = {
    title: '商品库存查询',
    filters: [
      { name: 'circle', label: '商圈', type: 'select', options: circleOptions(circles.filter((c) => c.is_owner)) },
      { name: 'k', label: 'OE号 / 名称', type: 'text', width: '13rem', primary: true },
    ],
    query: (s) => circleTotalsQuery({ circle_id: circle, ...paging(s) }),
    rowKey: (p) => p.oe_norm.split('').reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 2 ** 31, 7),
    rowLabel: (p) => p.supplier_oe,
    columns: [
      { key: 'oe', header: 'OE号 / 名称', width: '13rem', cell: (p) => <div className="stock-key"><strong>{p.supplier_oe}</strong><small className="muted">{p.name}</small></div> },
      { key: 'sellers', header: '卖家数', width: '5rem', num: true, cell: (p) => p.seller_count },
      { key: 'qty', header: '可售数量', width: '6rem', num: true, cell: (p) => p.available_qty },
      { key: 'price', header: '商圈价', width: '10rem', num: true, cell: (p) => (p.min_price_fen === p.max_price_fen ? yuan(p.min_price_fen) : `${yuan(p.min_price_fen)} – ${yuan(p.max_price_fen)}`) },
    ],
    empty: (filtered) => (filtered && search.k ? '没有符合条件的商品，换个OE号或名称试试。' : '成员还没有把库存分配到这个商圈。成员在“我分配的商品”里分配库存后，这里按商品汇总。'),
  };
  return <ListPage def={def} search={search} onSearch={onSearch} />;
}
