import { Link } from '@tanstack/react-router';
import { WechatBindCard } from './WechatBindCard';
import './wechat-bind.css';

/** /login/bind: 微信通知 on its own page, where a link from a message or the phone lands. */
export function WechatBindPage() {
  return (
    <div className="wechat-page">
      <div className="wechat-page-box">
        <WechatBindCard />
        <div className="wechat-page-actions">
          <Link to="/backend/settings/profile">返回个人资料</Link>
          <Link to="/">返回首页</Link>
        </div>
      </div>
    </div>
  );
}
