import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { nav } from '../../api/navigation';
import './wechat-bind.css';

const OPENID_RE = /^[A-Za-z0-9_-]{6,64}$/;
const randomOpenid = () => `oSbx${Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'[b % 62]).join('')}`;

/** Only our own callback page may be returned to: the sandbox is no open redirect. */
const ownCallback = (redirect: string) => {
  try {
    const u = new URL(redirect, location.origin);
    return u.origin === location.origin && u.pathname === '/login/oauth' ? u : null;
  } catch {
    return null;
  }
};

/**
 * /wechat/sandbox: the sandbox provider's stand-in for WeChat's consent (docs/wechat.md,
 * "Binding"), used while no official account is configured, as /pay/sandbox stands in for a
 * payment provider. 同意 returns to /login/oauth with a code carrying the openid shown.
 */
export function WechatSandboxPage({ state, redirect }: { state: string; redirect: string }) {
  const [openid, setOpenid] = useState(randomOpenid);
  const back = ownCallback(redirect);
  const bad = !OPENID_RE.test(openid);

  const agree = () => {
    if (!back || bad) return;
    back.search = new URLSearchParams({ code: `sbx.${openid}`, state }).toString();
    nav.assign(back.pathname + back.search);
  };

  return (
    <div className="wechat-page">
      <div className="wechat-page-box card wechat-sandbox">
        <i className="pi pi-comments" aria-hidden="true" />
        <h1>模拟微信授权</h1>
        <p className="wechat-sandbox-note">演示环境：未接入公众号，本页代替微信的授权页面，不会连接微信。</p>
        {back && state ? (
          <>
            <p>“汽配汇”公众号申请获取你的微信身份（openid），用于发送询价、报价和发货通知。</p>
            <label htmlFor="sandbox-openid" className="hint">模拟的 openid</label>
            <InputText id="sandbox-openid" value={openid} onChange={(e) => setOpenid(e.target.value.trim())} className={bad ? 'p-invalid' : undefined} aria-describedby="sandbox-openid-hint" />
            <small id="sandbox-openid-hint" className={bad ? 'form-error' : 'hint'}>{bad ? 'openid 应为 6 到 64 个字母、数字、下划线或短横线' : '换一个 openid 即模拟另一个微信'}</small>
            <div className="wechat-page-actions">
              <Button label="同意" icon="pi pi-check" onClick={agree} disabled={bad} />
              <Link to="/login/bind">拒绝</Link>
            </div>
          </>
        ) : (
          <>
            <p className="form-error" role="alert">授权链接不完整或不是本站发起的，请重新点击“绑定微信”。</p>
            <div className="wechat-page-actions"><Link to="/login/bind">返回微信通知</Link></div>
          </>
        )}
      </div>
    </div>
  );
}
