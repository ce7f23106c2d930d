import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { formatChina } from '../../../shared/domain/china-time';
import { wechatText } from '../../../shared/domain/wechat';
import { msg } from '../../../shared/messages';
import { ApiError, OfflineError } from '../../api/request';
import { nav } from '../../api/navigation';
import { wechatBindingQuery } from './queries';
import { useWechatBindStart, useWechatUnbind } from './mutations';
import './wechat-bind.css';

const why = (e: unknown) => (e instanceof OfflineError ? '网络不可用，请联网后再试' : e instanceof ApiError ? e.message : msg.serverError);

/**
 * 微信通知 (docs/wechat.md, "Binding"): whether one's WeChat is bound, 绑定微信 (off to the
 * official account's authorisation, or the sandbox's 模拟微信授权) and 解除绑定. The template
 * messages (新询价, 新报价, 订单已发货) go only to a bound user.
 */
export function WechatBindCard() {
  const binding = useQuery(wechatBindingQuery());
  const start = useWechatBindStart();
  const unbind = useWechatUnbind();
  const [error, setError] = useState('');
  const b = binding.data;

  const bind = async () => {
    setError('');
    try {
      nav.assign((await start.mutateAsync()).url);
    } catch (e) {
      setError(why(e));
    }
  };
  const drop = async () => {
    if (!window.confirm('解除绑定后将不再收到微信模板消息（新询价、新报价、订单已发货）。确定解除？')) return;
    setError('');
    try {
      await unbind.mutateAsync();
    } catch (e) {
      setError(why(e));
    }
  };

  return (
    <section className="wechat-bind card" aria-labelledby="wechat-bind-title">
      <h2 id="wechat-bind-title"><i className="pi pi-comments" aria-hidden="true" /> 微信通知</h2>
      <p className="hint">绑定微信后，新询价、新报价和订单发货会通过“汽配汇”公众号的模板消息通知您。</p>
      {binding.isError && <p className="form-error" role="alert">{why(binding.error)}</p>}
      {b && (
        <div className="wechat-bind-row">
          <span className={`wechat-bind-state ${b.bound ? 'is-bound' : ''}`} data-testid="wechat-bind-state">{b.bound ? wechatText.bound : wechatText.unbound}</span>
          {b.bound && <span className="muted">微信 {b.openid_tail}，绑定于 {formatChina(b.bound_at, 'YYYY-MM-DD HH:mm')}</span>}
          {b.bound
            ? <Button label="解除绑定" severity="secondary" outlined size="small" onClick={drop} loading={unbind.isPending} />
            : <Button label="绑定微信" icon="pi pi-link" size="small" onClick={bind} loading={start.isPending} />}
        </div>
      )}
      {b?.provider === 'sandbox' && <p className="wechat-bind-sandbox">演示环境：未接入公众号，绑定使用“模拟微信授权”。</p>}
      {error && <p className="form-error" role="alert">{error}</p>}
    </section>
  );
}
