/**
 * 支付渠道 (/operation/pay/channel, D05-03; docs/money.md, "Choosing the provider"): the providers
 * this server can use and the one new payments go to; switching is confirmed and audited, and
 * payments already started finish with the provider they went to.
 */
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { errorText } from '../../../../ui/form/form';
import { opPayChannelsQuery } from './queries';
import { useSetPayChannel } from './mutations';
import '../../operation.css';

export function ChannelPage() {
  const q = useQuery(opPayChannelsQuery());
  const set = useSetPayChannel();
  const pick = (name: string, label: string) => {
    if (window.confirm(`把新支付切换到“${label}”？已发起的支付仍走原渠道完成。`)) set.mutate(name);
  };
  return (
    <section className="card op-channel">
      <h2>支付渠道</h2>
      <p className="muted">充值、订单付款、保证金和付费服务的新支付走这里选定的渠道；列出的只有本服务器可用的渠道（支付宝需在部署时配置 ALIPAY_* 设置）。</p>
      {q.isPending && <p className="muted">正在读取支付渠道…</p>}
      {q.isError && <p className="op-status error" role="alert">{errorText(q.error)}</p>}
      {set.isError && <p className="op-status error" role="alert">{errorText(set.error)}</p>}
      {set.isSuccess && <p className="op-status ok" role="status">已切换：新支付走“{q.data?.channels.find((c) => c.name === q.data?.current)?.label ?? q.data?.current}”</p>}
      {q.data && q.data.channels.length === 0 && <p className="muted">本服务器没有可用的支付渠道。请在部署时配置支付宝（docs/operations.md，“Payments”）。</p>}
      {q.data && (
        <ul className="op-channel-list" aria-label="支付渠道">
          {q.data.channels.map((c) => (
            <li key={c.name} className={c.name === q.data.current ? 'current' : ''}>
              <div>
                <strong>{c.label}</strong>
                {c.demo && <span className="op-tag danger">不会真实扣款</span>}
                {c.name === q.data.current && <span className="op-tag">当前使用</span>}
              </div>
              {c.name !== q.data.current && (
                <Button type="button" size="small" outlined label="切换到此渠道" loading={set.isPending && set.variables === c.name} disabled={set.isPending} onClick={() => pick(c.name, c.label)} />
              )}
            </li>
          ))}
        </ul>
      )}
      {q.data && q.data.current !== '' && !q.data.channels.some((c) => c.name === q.data.current) && (
        <p className="op-status error" role="alert">当前设置的渠道“{q.data.current}”在本服务器上不可用，新支付会失败：请切换到列出的渠道。</p>
      )}
    </section>
  );
}
