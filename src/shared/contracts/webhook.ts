/**
 * Webhooks (docs/open-platform.md, "Webhooks"): a company's owner or an M07 (企业设置) holder
 * registers HTTPS endpoints for the events it wants, sees each delivery with its attempts and
 * sends one again (重新发送). The signing secret is answered once, when the endpoint is added.
 */
import * as v from 'valibot';
import { defineEndpoint } from './endpoint';
import { emptyPayload } from './common';
import { intOf } from './wallet';
import { pageSizeField } from './page-size';
import {
  WEBHOOK_DELIVERY_STATE_KEYS, WEBHOOK_EVENT_KEYS, WEBHOOK_URL_MAX, webhookText, STOCK_THRESHOLD_DEFAULT,
} from '../domain/webhook';

const idOf = (text: string) => intOf(text, 1, 2_147_483_647);

export const webhookEndpointSchema = v.object({
  id: v.number(),
  url: v.string(),
  events: v.array(v.picklist(WEBHOOK_EVENT_KEYS)),
  /** stock.low: sent when a stock row's quantity falls from at least this to below it */
  stock_threshold: v.number(),
  enabled: v.boolean(),
  /** why the platform disabled it ('' when enabled or disabled by the company) */
  disabled_reason: v.string(),
  /** the secret's last 4 characters, to tell secrets apart (the whole secret is shown once) */
  secret_hint: v.string(),
  /** unix seconds */
  created_at: v.number(),
  /** unix seconds of the first failure of the current run of failures; 0 when the last attempt succeeded */
  failing_since: v.number(),
});
export type WebhookEndpoint = v.InferOutput<typeof webhookEndpointSchema>;

export const webhookAttemptSchema = v.object({
  /** unix seconds */
  at: v.number(),
  /** the receiver's HTTP status; 0 when none came (timeout, refused, network) */
  status_code: v.number(),
  duration_ms: v.number(),
  /** '' when the receiver answered 2xx */
  error: v.string(),
});

export const webhookDeliverySchema = v.object({
  id: v.number(),
  /** the X-Qipei-Delivery header: receivers drop a delivery id they have already processed */
  delivery_id: v.string(),
  /** the body's `id`: one per event and company (a resend carries the same event id) */
  event_id: v.string(),
  endpoint_id: v.number(),
  url: v.string(),
  event: v.picklist(WEBHOOK_EVENT_KEYS),
  state: v.picklist(WEBHOOK_DELIVERY_STATE_KEYS),
  attempts: v.number(),
  last_status: v.number(),
  last_error: v.string(),
  last_duration_ms: v.number(),
  /** unix seconds */
  created_at: v.number(),
  /** unix seconds of the next try while pending; 0 otherwise */
  next_at: v.number(),
  /** unix seconds: when it was answered 2xx or given up; 0 while pending */
  finished_at: v.number(),
  /** the delivery this one sends again (重新发送), 0 for the first */
  resend_of: v.number(),
});
export type WebhookDelivery = v.InferOutput<typeof webhookDeliverySchema>;

const urlField = v.pipe(v.string(webhookText.url), v.trim(), v.minLength(8, webhookText.url), v.maxLength(WEBHOOK_URL_MAX, webhookText.url));
const eventsField = v.pipe(
  v.array(v.picklist(WEBHOOK_EVENT_KEYS, webhookText.event), webhookText.events),
  v.minLength(1, webhookText.events),
  v.transform((a) => [...new Set(a)]),
);
const thresholdField = v.optional(intOf(webhookText.stockThreshold, 1, 1_000_000), STOCK_THRESHOLD_DEFAULT);

export const webhookEndpoints = {
  webhookEndpointList: defineEndpoint({
    method: 'get', path: '/webhooks/endpoints', tag: 'webhook', access: 'user',
    summary: '本公司的回调地址（Webhook）：订阅的事件、启用状态、平台停用的原因（企业负责人或企业设置权限）',
    payload: emptyPayload,
    answer: v.array(webhookEndpointSchema),
  }),
  webhookEndpointAdd: defineEndpoint({
    method: 'post', path: '/webhooks/add', tag: 'webhook', access: 'user', idempotent: true, idempotencyRequired: true,
    summary: '添加回调地址：https:// 网址（不能指向内网或本机）、订阅的事件；答复中的签名密钥只显示这一次',
    payload: v.object({ url: urlField, events: eventsField, stock_threshold: thresholdField }),
    answer: v.object({ endpoint: webhookEndpointSchema, secret: v.string() }),
  }),
  webhookEndpointUpdate: defineEndpoint({
    method: 'post', path: '/webhooks/update', tag: 'webhook', access: 'user', idempotent: true,
    summary: '修改回调地址的网址、事件或库存阈值（密钥不变）',
    payload: v.object({ id: idOf(webhookText.endpointId), url: urlField, events: eventsField, stock_threshold: thresholdField }),
    answer: webhookEndpointSchema,
  }),
  webhookEndpointEnable: defineEndpoint({
    method: 'post', path: '/webhooks/enable', tag: 'webhook', access: 'user', idempotent: true,
    summary: '启用或停用回调地址；停用期间发生的事件不再投递',
    payload: v.object({ id: idOf(webhookText.endpointId), enabled: v.boolean(webhookText.enabled) }),
    answer: webhookEndpointSchema,
  }),
  webhookEndpointRemove: defineEndpoint({
    method: 'post', path: '/webhooks/remove', tag: 'webhook', access: 'user', idempotent: true,
    summary: '删除回调地址及其投递记录；尚未送达的投递不再发送',
    payload: v.object({ id: idOf(webhookText.endpointId) }),
    answer: v.object({ removed: v.boolean() }),
  }),
  webhookDeliveryList: defineEndpoint({
    method: 'get', path: '/webhooks/deliveries', tag: 'webhook', access: 'user',
    summary: '本公司的投递记录，新的在前：按回调地址和状态筛选，分页',
    payload: v.object({
      endpoint_id: v.optional(v.union([v.literal(''), idOf(webhookText.endpointId)], webhookText.endpointId), ''),
      state: v.optional(v.union([v.literal(''), v.picklist(WEBHOOK_DELIVERY_STATE_KEYS, webhookText.state)], webhookText.state), ''),
      page_number: v.optional(intOf('页码应为正整数', 1, 100000), 1),
      page_size: pageSizeField(20),
    }),
    answer: v.object({ data: v.array(webhookDeliverySchema), total: v.number() }),
  }),
  webhookDeliveryAttempts: defineEndpoint({
    method: 'get', path: '/webhooks/attempts', tag: 'webhook', access: 'user',
    summary: '一次投递的每次尝试：时间、对方的状态码、耗时、错误',
    payload: v.object({ id: idOf(webhookText.deliveryId) }),
    answer: v.array(webhookAttemptSchema),
  }),
  webhookDeliveryResend: defineEndpoint({
    method: 'post', path: '/webhooks/resend', tag: 'webhook', access: 'user', idempotent: true, idempotencyRequired: true,
    summary: '重新发送一次投递：新的投递编号（X-Qipei-Delivery），同一事件编号（id），24 小时内失败重试',
    payload: v.object({ id: idOf(webhookText.deliveryId) }),
    answer: webhookDeliverySchema,
  }),
} as const;
