/**
 * 推荐商品 (/operation/product/recommend, D04-01 to read, D04-02 to change): the sellers' stock rows
 * the storefront home features under 推荐商品, in order. The operator finds rows on sale by OE
 * number, adds, removes and moves them, then saves the whole list in one call; the home reads it
 * on its next visit (no redeploy). A row that leaves sale stays listed here, marked, and the home
 * skips it until it is on sale again.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import type { OpProductRow } from '../../../../shared/contracts';
import { OP_CATALOGUE_CODES, OP_PRODUCT_STATE_TEXT, PRODUCT_RECOMMEND_MAX } from '../../../../shared/domain/operation';
import { hasAnyPermission } from '../../../../shared/domain/permissions';
import { OrderedPickList, PickOffer, type PickAdder } from '../../../ui/OrderedPickList';
import { errorText } from '../../../ui/form/form';
import { productListQuery, productRecommendQuery } from './queries';
import { useSaveProductRecommend } from './mutations';
import '../operation.css';

const rowLabel = (r: OpProductRow) => `${r.supplier_oe} ${r.name}`;
const Detail = ({ r }: { r: OpProductRow }) => (
  <small className="muted"> {[r.brand_name, r.make_name, r.company_name].filter(Boolean).join(' · ')} · 库存ID {r.id}</small>
);

function FindStock({ a }: { a: PickAdder<OpProductRow> }) {
  const [find, setFind] = useState('');
  const [looked, setLooked] = useState('');
  const found = useQuery({ ...productListQuery({ oe: looked, name: '', brand: '', seller: '', state: 'on', page_number: 1, page_size: 50 }), enabled: looked !== '' });
  const lookUp = () => {
    const k = find.trim();
    if (k.length < 2) return a.fail('请输入至少2个字符的OE号');
    a.clear();
    setLooked(k);
  };
  return (
    <>
      <form className="pick-adder" onSubmit={(e) => { e.preventDefault(); lookUp(); }}>
        <label htmlFor="product-recommend-find">查找在售库存</label>
        <InputText id="product-recommend-find" value={find} placeholder="OE号（可只填开头）" onChange={(e) => setFind(e.target.value)} />
        <Button type="submit" label="查找" icon="pi pi-search" outlined />
      </form>
      {looked && (
        <div className="pick-found" aria-label="查找结果">
          {found.isPending ? <p className="muted" aria-busy="true">正在查找…</p>
            : found.isError ? <p role="alert">{errorText(found.error)}</p>
            : found.data.data.length === 0 ? <p className="muted">没有在售的 {looked}，请检查OE号或换一个开头再查</p>
            : (
              <ul className="pick-rows">
                {found.data.data.map((r) => (
                  <PickOffer key={r.id} a={a} row={r} label={`${rowLabel(r)} ${r.company_name}`}>
                    <strong>{rowLabel(r)}</strong><Detail r={r} />
                  </PickOffer>
                ))}
              </ul>
            )}
          {found.data && found.data.total > found.data.data.length && <p className="muted">共 {found.data.total} 条，只列出前 {found.data.data.length} 条，请输入更完整的OE号</p>}
        </div>
      )}
    </>
  );
}

export function ProductRecommendPage() {
  const { session } = useRouteContext({ from: '__root__' });
  const saveRecommend = useSaveProductRecommend();
  return (
    <OrderedPickList
      title="推荐商品"
      intro={`前台首页“推荐商品”按此顺序显示卖家的在售库存（最多${PRODUCT_RECOMMEND_MAX}条；下架或企业停用的不显示，重新上架后再显示）。`}
      query={productRecommendQuery()}
      canWrite={hasAnyPermission(session.user?.permissions ?? [], OP_CATALOGUE_CODES.productWrite)}
      max={PRODUCT_RECOMMEND_MAX}
      fullText={`首页最多推荐${PRODUCT_RECOMMEND_MAX}条商品`}
      listLabel="推荐商品顺序"
      emptyText="还没有推荐商品，首页不显示“推荐商品”。请在上方按OE号查找在售库存并加入后保存。"
      savedText="推荐商品已保存，前台首页下次打开即显示"
      label={rowLabel}
      render={(r) => (
        <>
          <strong>{rowLabel(r)}</strong><Detail r={r} />
          {r.state !== 'on' && <span className="op-tag danger">{OP_PRODUCT_STATE_TEXT[r.state]}，首页不显示</span>}
        </>
      )}
      save={(ids, idempotencyKey) => saveRecommend.mutateAsync({ payload: { ids }, idempotencyKey })}
      adder={(a) => <FindStock a={a} />}
    />
  );
}
