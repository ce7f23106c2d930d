/**
 * Webhooks for partners (docs/open-platform.md, "Webhooks"): the events a company may subscribe
 * to, the rules of an endpoint's address that need no network (the server also resolves the host,
 * at registration and at every delivery), and the texts of the page and the server.
 */
export const WEBHOOK_EVENTS = {
  'order.created': '新订单（买卖双方）',
  'order.paid': '订单已付款',
  'order.delivered': '订单已发货',
  'order.received': '订单已收货',
  'quote.received': '收到报价（询价方）',
  'enquiry.received': '收到询价（被询价的卖家）',
  'stock.low': '库存低于阈值',
} as const;
export type WebhookEvent = keyof typeof WEBHOOK_EVENTS;
export const WEBHOOK_EVENT_KEYS = Object.keys(WEBHOOK_EVENTS) as [WebhookEvent, ...WebhookEvent[]];

export const WEBHOOK_DELIVERY_STATES = { pending: '待发送', done: '已送达', failed: '已失败' } as const;
export type WebhookDeliveryState = keyof typeof WEBHOOK_DELIVERY_STATES;
export const WEBHOOK_DELIVERY_STATE_KEYS = Object.keys(WEBHOOK_DELIVERY_STATES) as [WebhookDeliveryState, ...WebhookDeliveryState[]];

/** at most this many endpoints per company */
export const WEBHOOK_ENDPOINT_MAX = 10;
export const WEBHOOK_URL_MAX = 500;
export const STOCK_THRESHOLD_DEFAULT = 5;

export const webhookText = {
  url: '回调地址须为 https:// 开头的完整网址（不超过 500 个字符）',
  urlHttps: '回调地址须使用 https://',
  urlCredentials: '回调地址不能包含用户名或密码',
  urlPrivate: '回调地址不能指向内网、本机或链路本地地址',
  urlUnresolved: '回调地址的域名无法解析',
  events: '请至少选择一个事件',
  event: '事件不在可选范围内',
  stockThreshold: '库存阈值应为 1 至 1000000 的整数',
  endpointId: '回调地址编号应为正整数',
  deliveryId: '投递记录编号应为正整数',
  state: '投递状态不在可选范围内',
  enabled: '启用状态应为是或否',
  notFound: '回调地址不存在',
  deliveryNotFound: '投递记录不存在',
  tooMany: `每家企业最多 ${WEBHOOK_ENDPOINT_MAX} 个回调地址`,
  mayNotManage: '只有企业负责人或有“企业设置”权限的员工可以管理回调地址',
  endpointDisabled: '回调地址已停用，启用后才能重新发送',
  /** a delivery's last error when its endpoint was disabled before it was sent */
  deliveryStopped: '回调地址已停用',
} as const;

/** The first problem of an address that needs no network, or null. `allowLoopbackHttp`: http:// to 127.0.0.1/localhost/::1 (tests and development). */
export const webhookUrlProblem = (raw: string, allowLoopbackHttp = false): string | null => {
  if (!raw || raw.length > WEBHOOK_URL_MAX) return webhookText.url;
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return webhookText.url;
  }
  if (u.username || u.password) return webhookText.urlCredentials;
  if (u.protocol === 'https:') return null;
  if (u.protocol === 'http:' && allowLoopbackHttp && ['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname)) return null;
  return u.protocol === 'http:' ? webhookText.urlHttps : webhookText.url;
};
