import { LegalPage } from './LegalPage';

const ROWS: Array<{ partner: string; purpose: string; data: string; how: string }> = [
  { partner: '短信服务商', purpose: '发送注册、找回密码的验证码和服务通知', data: '手机号码、短信内容', how: '服务端接口传输，仅在发送时使用' },
  { partner: '支付机构（通联支付等持牌机构）', purpose: '会员升级、订单付款与退款', data: '订单号、金额、支付结果；银行卡信息由支付机构直接收集，平台不保存', how: '跳转或接口传输' },
  { partner: '即时通讯云服务（融云）', purpose: '在平台开启该服务时，提供买卖双方的在线聊天', data: '用户标识、昵称、头像、聊天内容', how: '客户端与服务端接口传输' },
  { partner: 'VIN解析服务商', purpose: '根据VIN码识别车型，查找适配配件', data: '您输入的VIN码（不含车主信息）', how: '服务端接口传输' },
  { partner: '在线客服服务（百度商桥）', purpose: '在平台开启该服务时，提供网页在线咨询', data: '访问页面、咨询内容、IP地址', how: '您点击“在线咨询”后由该服务直接收集' },
  { partner: '物流服务商', purpose: '订单发货、物流跟踪', data: '收货人姓名、电话、收货地址、订单商品信息', how: '卖家发货时提供' },
];

/** /shareInfo: which third parties receive which personal information, and why. */
export function ShareInfoPage() {
  return (
    <LegalPage title="第三方信息共享清单" effective="2026年11月1日"
      intro={<p>为向您提供完整的服务，汽配汇会在下列场景中与第三方共享必要的个人信息。我们与每一家合作方签订数据处理协议，要求其仅为所列目的处理信息并采取安全保护措施。未列出的服务未开启时，不会发生相应的共享。</p>}
      sections={[
        { title: '共享清单', body: (
          <table className="legal-table">
            <thead><tr><th>第三方</th><th>使用目的</th><th>共享的信息</th><th>共享方式</th></tr></thead>
            <tbody>
              {ROWS.map((r) => <tr key={r.partner}><td>{r.partner}</td><td>{r.purpose}</td><td>{r.data}</td><td>{r.how}</td></tr>)}
            </tbody>
          </table>
        ) },
        { title: '交易对方', body: <p>您在平台上询价、报价或下单时，交易对方企业可以看到您的企业名称、联系人和为完成交易所需的联系方式与收货信息。注册会员看不到卖家的联系方式。</p> },
        { title: '变更', body: <p>本清单发生变化时，我们会及时更新本页面并修改生效日期。</p> },
      ]}
    />
  );
}
