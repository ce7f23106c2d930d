import { useEffect, useRef, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { wechatText } from '../../../shared/domain/wechat';
import { msg } from '../../../shared/messages';
import { ApiError, OfflineError } from '../../api/request';
import { useWechatBindFinish } from './mutations';
import './wechat-bind.css';

/**
 * /login/oauth: where the WeChat authorisation returns with `code` and `state` (docs/wechat.md,
 * "Binding"). The server checks the state and binds; the page says 已绑定 or why not.
 */
export function WechatOAuthPage({ code, state }: { code: string; state: string }) {
  const finish = useWechatBindFinish();
  const sent = useRef(false);
  const [error, setError] = useState('');

  useEffect(() => {
    // once: the state is spent by the first exchange
    if (sent.current) return;
    sent.current = true;
    finish.mutateAsync({ auth_code: code, auth_state: state }).catch((e: unknown) => {
      setError(e instanceof OfflineError ? '网络不可用，请联网后再试' : e instanceof ApiError ? e.message : msg.serverError);
    });
  }, [code, state, finish]);

  return (
    <div className="wechat-page">
      <div className="wechat-page-box card" aria-live="polite">
        <h1>绑定微信</h1>
        {finish.isSuccess && (
          <>
            <p className="account-ok" role="status">绑定成功：<span data-testid="wechat-bind-state">{wechatText.bound}</span>（微信 {finish.data.openid_tail}）</p>
            <p className="hint">新询价、新报价和订单发货将通过公众号的模板消息通知您。</p>
          </>
        )}
        {error && <p className="form-error" role="alert">绑定失败：{error}</p>}
        {!finish.isSuccess && !error && <p className="hint">正在确认微信授权…</p>}
        <div className="wechat-page-actions">
          <Link to="/login/bind">{error ? '重新绑定' : '查看微信通知'}</Link>
          <Link to="/backend/settings/profile">返回个人资料</Link>
        </div>
      </div>
    </div>
  );
}
