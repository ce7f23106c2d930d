/**
 * 首页推荐 (/operation/company/recommend, D02-01 to read, D02-02 to change): the companies the
 * storefront home features, in order. The operator adds, removes and moves rows, then saves the
 * whole list in one call; the home reads it on its next visit (no redeploy).
 */
import { useState } from 'react';
import { Link, useRouteContext } from '@tanstack/react-router';
import { Button } from 'primereact/button';
import { OP_COMPANY_CODES, RECOMMEND_MAX } from '../../../../shared/domain/operation';
import { hasAnyPermission } from '../../../../shared/domain/permissions';
import { OrderedPickList, type PickAdder } from '../../../ui/OrderedPickList';
import { CompanyPicker, type PickedCompany } from '../CompanyPicker';
import { recommendListQuery } from './queries';
import { useSaveRecommend } from './mutations';
import '../operation.css';

interface Row { id: number; name: string; short_name: string; city?: string; suspended: boolean; stock?: number }

function AddCompany({ a }: { a: PickAdder<Row> }) {
  const [picked, setPicked] = useState<PickedCompany | null>(null);
  const [pickerKey, setPickerKey] = useState(0);
  const add = () => {
    if (!picked) return a.fail('请先选择要推荐的企业');
    if (!a.add(picked)) return;
    setPicked(null);
    setPickerKey((k) => k + 1);
  };
  return (
    <div className="pick-adder">
      <label htmlFor="recommend-add">添加企业</label>
      <CompanyPicker key={pickerKey} inputId="recommend-add" value={picked} onChange={setPicked} />
      <Button type="button" label="加入列表" icon="pi pi-plus" outlined onClick={add} disabled={a.full} />
    </div>
  );
}

export function RecommendPage() {
  const { session } = useRouteContext({ from: '__root__' });
  const saveRecommend = useSaveRecommend();
  return (
    <OrderedPickList
      title="首页推荐"
      intro={`前台首页“推荐企业”按此顺序显示（最多${RECOMMEND_MAX}家，停用的企业不显示）。`}
      query={recommendListQuery()}
      canWrite={hasAnyPermission(session.user?.permissions ?? [], OP_COMPANY_CODES.recommendWrite)}
      max={RECOMMEND_MAX}
      fullText={`首页最多推荐${RECOMMEND_MAX}家企业`}
      listLabel="推荐企业顺序"
      emptyText="还没有推荐企业，首页不显示“推荐企业”。请在上方选择企业加入列表后保存。"
      savedText="首页推荐已保存，前台首页下次打开即显示"
      label={(r: Row) => r.name}
      render={(r) => (
        <>
          <Link to="/operation/company/detail" search={{ id: r.id }}>{r.name}</Link>
          <small className="muted"> ID {r.id}{r.city ? ` · ${r.city}` : ''}{r.stock !== undefined ? ` · 在售 ${r.stock} 条` : ''}</small>
          {r.suspended && <span className="op-tag danger">已停用</span>}
        </>
      )}
      save={(ids, idempotencyKey) => saveRecommend.mutateAsync({ payload: { ids }, idempotencyKey })}
      adder={(a) => <AddCompany a={a} />}
    />
  );
}
