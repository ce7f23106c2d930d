/** 售后详情 (/backend/service/afterSale/detail/{no}): either side's view, with the moves that side may make now. */
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { AFTERSALE_ACTION_TEXT, availableAfterSaleActions } from '../../../shared/domain/aftersale';
import { OfflineError } from '../../api/request';
import { afterSaleDetailQuery } from './queries';
import { AfterSaleMoveDialog, type MemberAction } from './AfterSaleMoveDialog';
import { AfterSaleView } from './AfterSaleView';
import { useT } from '../../i18n/lang';
import { Refusal } from '../../i18n/Refusal';

export function AfterSaleDetailPage({ asNo }: { asNo: string }) {
  const t = useT();
  const q = useQuery(afterSaleDetailQuery(asNo));
  const [action, setAction] = useState<MemberAction | null>(null);
  if (q.isPending) return <div className="card" aria-busy="true">{t('正在加载售后…')}</div>;
  // a failed refetch keeps the after-sale: an open dialog and what was typed in it stay
  if (q.isError && !q.data) return <div className="card" role="alert">{q.error instanceof OfflineError ? t('当前离线，联网后可查看售后') : <Refusal text={q.error.message} />}<p><Link to="/backend/service/afterSale">{t('返回售后列表')}</Link></p></div>;
  const a = q.data;
  const side = a.side === 'seller' ? 'seller' : 'buyer';
  const actions = availableAfterSaleActions({ status: a.status, type: a.type }, side) as MemberAction[];
  const danger = (x: MemberAction) => x === 'reject' || x === 'cancel';
  return (
    <>
      <AfterSaleView a={a}
        back={<Link to="/backend/service/afterSale" search={{ side }}>← {side === 'seller' ? t('售后服务（我是卖家）') : t('售后服务（我是买家）')}</Link>}
        orderLink={<Link to="/backend/order/detail/$orderNo" params={{ orderNo: a.order_no }}>{a.order_no}</Link>}
        actions={actions.map((x) => (
          <Button key={x} type="button" label={t(AFTERSALE_ACTION_TEXT[x])} severity={danger(x) ? 'danger' : undefined} outlined={danger(x)} onClick={() => setAction(x)} />
        ))} />
      {action && <AfterSaleMoveDialog a={a} action={action} onHide={() => setAction(null)} />}
    </>
  );
}
