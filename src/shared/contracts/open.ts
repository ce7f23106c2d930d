/**
 * The open platform's keys, scopes and call log (docs/open-platform.md, "Keys and signing").
 * Partner calls are declared elsewhere with `access: 'open'` and one of these scopes.
 */
import * as v from 'valibot';
import { defineEndpoint } from './endpoint';
import { emptyPayload } from './common';
import { listAnswer, listPayload, opKeyword, opOptionalDay } from './operation-list';
import { OP_INTERFACE_CODES } from '../domain/operation-codes';
import { ipAllowProblem } from '../domain/open-ip';

// the scopes live in a file of their own, so endpoint.ts can name them without a cycle
import { OPEN_SCOPES, type OpenScope } from './open-scopes';
export { OPEN_SCOPES, type OpenScope } from './open-scopes';

export const OPEN_SCOPE_LABELS: Record<OpenScope, string> = {
  'company:read': '读取本公司信息',
  'stock:read': '读取库存',
  'stock:write': '同步库存（写入）',
  'orders:read': '读取订单',
  'orders:write': '处理订单（写入）',
  'quotes:read': '读取报价',
};

export const openText = {
  manageOnly: '只有企业负责人或拥有“企业设置”（M07）权限的员工可以管理接口密钥，请联系企业负责人',
  keyId: '请选择接口密钥',
  keyNotFound: '接口密钥不存在或不属于本公司',
  name: '密钥名称应为 1–40 个字符',
  scopes: '请至少选择一项接口权限',
  scopeUnknown: '接口权限只能是列表中的项',
  scopesNotAllowed: (names: string[]) => `本公司的会员等级不能授予以下接口权限：${names.join('、')}`,
  noScopesForLevel: '本公司的会员等级暂不能使用开放接口，请升级会员或联系平台',
  ipList: '每行一个 IP 地址或 CIDR 网段（如 203.0.113.7 或 203.0.113.0/24），最多 20 个',
  expires: '到期时间应为将来的日期',
  alreadyRevoked: '该密钥已作废',
  keyLimit: (n: number) => `每个公司最多 ${n} 个有效的接口密钥，请先作废不用的密钥`,
  status: '状态只能是成功或失败',
  bundleName: '权限组名称应为 1–30 个字符',
  bundleScopes: '请至少选择一项接口权限',
  bundleNameTaken: '已有同名的权限组',
  bundleNotFound: '权限组不存在',
  bundleInUse: '该权限组正被会员等级使用，请先为这些等级改选其他权限组',
  levelNotFound: '会员等级不存在',
  // refusals of a signed call (docs/open-platform.md, "Keys and signing")
  missingHeaders: '缺少签名请求头：open-key、X-Open-Timestamp、X-Open-Nonce、X-Open-Signature 都必须提供',
  unknownKey: '接口密钥不存在（open-key 无效）',
  revokedKey: '接口密钥已作废',
  expiredKey: '接口密钥已过期',
  badTimestamp: 'X-Open-Timestamp 应为 Unix 秒数',
  staleTimestamp: '请求时间与服务器时间相差超过 5 分钟，请校准时钟后重新签名',
  badNonce: 'X-Open-Nonce 应为 16–64 位字母、数字、下划线或连字符',
  replayedNonce: '该 X-Open-Nonce 已使用过（重放的请求被拒绝），请为每次请求生成新的随机串',
  badSignature: '签名不正确（X-Open-Signature 与请求内容不符）',
  ipNotAllowed: (ip: string) => `来源 IP ${ip} 不在该密钥的 IP 白名单中`,
  scopeMissing: (label: string) => `该密钥没有“${label}”接口权限`,
  companySuspended: '本公司已被停用，暂不能调用开放接口',
};

export const OPEN_KEY_MAX_PER_COMPANY = 10;
export const OPEN_ROTATION_GRACE_HOURS = 24;

const scopeField = v.picklist(OPEN_SCOPES, openText.scopeUnknown);
const scopesField = (empty: string) => v.pipe(v.array(scopeField, empty), v.minLength(1, empty), v.maxLength(OPEN_SCOPES.length, openText.scopeUnknown), v.transform((s) => [...new Set(s)]));
export const openKeyIdField = v.pipe(v.string(openText.keyId), v.trim(), v.regex(/^ak_[A-Za-z0-9]{20,40}$/, openText.keyId));

export const OPEN_KEY_STATES = { active: '有效', expired: '已过期', revoked: '已作废' } as const;
export type OpenKeyState = keyof typeof OPEN_KEY_STATES;
const KEY_STATE_KEYS = Object.keys(OPEN_KEY_STATES) as [OpenKeyState, ...OpenKeyState[]];

export const openKeySchema = v.object({
  key_id: v.string(),
  name: v.string(),
  scopes: v.array(scopeField),
  ip_allow: v.array(v.string()),
  state: v.picklist(KEY_STATE_KEYS),
  /** unix seconds; 0: never */
  expires_at: v.number(),
  created_at: v.number(),
  created_by: v.string(),
  /** until when the secret before the last rotation still signs (unix seconds; 0: none) */
  previous_valid_until: v.number(),
  last_call_at: v.number(),
});
export type OpenKey = v.InferOutput<typeof openKeySchema>;

export const openCallSchema = v.object({
  id: v.number(),
  key_id: v.string(),
  key_name: v.string(),
  call_name: v.string(),
  method: v.string(),
  path: v.string(),
  status: v.number(),
  duration_ms: v.number(),
  request_id: v.string(),
  /** unix seconds */
  at: v.number(),
});
export type OpenCall = v.InferOutput<typeof openCallSchema>;

const callFilters = {
  key_id: v.optional(v.union([v.literal(''), openKeyIdField], openText.keyId), ''),
  status: v.optional(v.picklist(['', 'ok', 'error'], openText.status), ''),
  date_from: opOptionalDay('开始日期'),
  date_to: opOptionalDay('结束日期'),
};

export const openKeyCreatePayload = v.object({
  name: v.pipe(v.string(openText.name), v.trim(), v.minLength(1, openText.name), v.maxLength(40, openText.name)),
  scopes: scopesField(openText.scopes),
  ip_allow: v.optional(v.pipe(
    v.array(v.pipe(v.string(openText.ipList), v.trim()), openText.ipList), v.maxLength(20, openText.ipList),
    v.transform((list) => list.filter((s) => s !== '')),
    v.check((list) => list.every((s) => ipAllowProblem(s) === null), (i) => {
      const bad = (i.input as string[]).find((s) => ipAllowProblem(s) !== null) ?? '';
      return `IP 白名单中的“${bad}”${ipAllowProblem(bad) ?? ''}`;
    }),
  ), []),
  /** unix seconds; 0 or absent: never expires */
  expires_at: v.optional(v.pipe(v.number(openText.expires), v.integer(openText.expires), v.minValue(0, openText.expires)), 0),
});

export const openBundleSchema = v.object({ id: v.number(), name: v.string(), scopes: v.array(scopeField), levels: v.array(v.string()) });
export type OpenBundle = v.InferOutput<typeof openBundleSchema>;
export const openLevelBundleSchema = v.object({ level_id: v.number(), level_name: v.string(), level_type: v.string(), bundle_id: v.number(), bundle_name: v.string(), scopes: v.array(scopeField) });
export type OpenLevelBundle = v.InferOutput<typeof openLevelBundleSchema>;

export const opOpenKeySchema = v.object({ ...openKeySchema.entries, company_id: v.number(), company_name: v.string() });
export type OpOpenKey = v.InferOutput<typeof opOpenKeySchema>;
export const opOpenCallSchema = v.object({ ...openCallSchema.entries, company_id: v.number(), company_name: v.string() });
export type OpOpenCall = v.InferOutput<typeof opOpenCallSchema>;

const K = OP_INTERFACE_CODES;
const idNum = (label: string) => v.pipe(v.number(`请选择${label}`), v.integer(`请选择${label}`), v.minValue(0, `请选择${label}`));

export const openEndpoints = {
  openKeyList: defineEndpoint({
    method: 'get', path: '/open/keys', tag: 'open', access: 'user',
    summary: '本公司的接口密钥（不含密钥本身）和本公司会员等级可授予的接口权限（企业负责人或 M07）',
    payload: emptyPayload,
    answer: v.object({ keys: v.array(openKeySchema), allowed_scopes: v.array(scopeField), level_name: v.string() }),
  }),
  openKeyCreate: defineEndpoint({
    // not idempotent: a replay store would keep the secret in clear (docs/open-platform.md, "Keys and signing")
    method: 'post', path: '/open/keys/create', tag: 'open', access: 'user',
    summary: '新建接口密钥：应答中的 secret 只出现这一次，之后无法再查看（企业负责人或 M07）',
    payload: openKeyCreatePayload,
    answer: v.object({ key: openKeySchema, secret: v.string() }),
  }),
  openKeyRotate: defineEndpoint({
    method: 'post', path: '/open/keys/rotate', tag: 'open', access: 'user',
    summary: '轮换密钥：新 secret 只显示这一次；旧 secret 在宽限期（24 小时）内仍可签名',
    payload: v.object({ key_id: openKeyIdField }),
    answer: v.object({ key: openKeySchema, secret: v.string() }),
  }),
  openKeyRevoke: defineEndpoint({
    method: 'post', path: '/open/keys/revoke', tag: 'open', access: 'user',
    summary: '作废接口密钥：立即失效，不可恢复',
    payload: v.object({ key_id: openKeyIdField }),
    answer: openKeySchema,
  }),
  openCallLog: defineEndpoint({
    method: 'get', path: '/open/calls', tag: 'open', access: 'user',
    summary: '本公司接口密钥的调用记录（保留 90 天）：按密钥、成功或失败、日期筛选',
    payload: listPayload(callFilters),
    answer: listAnswer(openCallSchema),
  }),
  openCompanyGet: defineEndpoint({
    method: 'get', path: '/open/v1/company', tag: 'open-partner', access: 'open', scope: 'company:read',
    summary: '开放接口：密钥所属公司的名称、编号、会员等级、是否卖家',
    payload: emptyPayload,
    answer: v.object({ id: v.number(), name: v.string(), level: v.string(), is_seller: v.boolean() }),
  }),
  opOpenKeyList: defineEndpoint({
    method: 'get', path: '/operation/interface/keys', tag: 'operation', access: 'operator', permissions: K.keys,
    summary: '运营：所有公司的接口密钥（企业、名称、权限、最后调用、状态）',
    payload: listPayload({ company: opKeyword('企业', 40), state: v.optional(v.union([v.literal(''), v.picklist(KEY_STATE_KEYS)], '状态只能是有效、已过期或已作废'), '') }),
    answer: listAnswer(opOpenKeySchema),
  }),
  opOpenKeyRevoke: defineEndpoint({
    method: 'post', path: '/operation/interface/keys/revoke', tag: 'operation', access: 'operator', permissions: K.keyWrite,
    summary: '运营：作废一个接口密钥（记入操作日志）',
    payload: v.object({ key_id: openKeyIdField }),
    answer: opOpenKeySchema,
  }),
  opOpenCallLog: defineEndpoint({
    method: 'get', path: '/operation/interface/calls', tag: 'operation', access: 'operator', permissions: K.keys,
    summary: '运营：接口调用记录（一个密钥的或全部）',
    payload: listPayload({ ...callFilters, company: opKeyword('企业', 40) }),
    answer: listAnswer(opOpenCallSchema),
  }),
  opOpenBundleList: defineEndpoint({
    method: 'get', path: '/operation/interface/groups', tag: 'operation', access: 'operator', permissions: K.keys,
    summary: '运营：接口权限组（每组含哪些接口权限，哪些会员等级在用）',
    payload: emptyPayload,
    answer: v.object({ data: v.array(openBundleSchema), total: v.number() }),
  }),
  opOpenBundleSave: defineEndpoint({
    method: 'post', path: '/operation/interface/groups/save', tag: 'operation', access: 'operator', permissions: K.bundles,
    summary: '运营：新建或修改接口权限组（id 为 0 时新建）',
    payload: v.object({
      id: v.optional(idNum('权限组'), 0),
      name: v.pipe(v.string(openText.bundleName), v.trim(), v.minLength(1, openText.bundleName), v.maxLength(30, openText.bundleName)),
      scopes: scopesField(openText.bundleScopes),
    }),
    answer: openBundleSchema,
  }),
  opOpenBundleRemove: defineEndpoint({
    method: 'post', path: '/operation/interface/groups/remove', tag: 'operation', access: 'operator', permissions: K.bundles,
    summary: '运营：删除一个未被会员等级使用的接口权限组',
    payload: v.object({ id: v.pipe(idNum('权限组'), v.minValue(1, '请选择权限组')) }),
    answer: v.object({ removed: v.boolean() }),
  }),
  opOpenLevelList: defineEndpoint({
    method: 'get', path: '/operation/interface/permissions', tag: 'operation', access: 'operator', permissions: K.keys,
    summary: '运营：每个会员等级可使用的接口权限组（无：不能使用开放接口）',
    payload: emptyPayload,
    answer: v.object({ data: v.array(openLevelBundleSchema), total: v.number() }),
  }),
  opOpenLevelSave: defineEndpoint({
    method: 'post', path: '/operation/interface/permissions/save', tag: 'operation', access: 'operator', permissions: K.bundles,
    summary: '运营：为会员等级选择接口权限组（0：不能使用开放接口）',
    payload: v.object({ level_id: v.pipe(idNum('会员等级'), v.minValue(1, '请选择会员等级')), bundle_id: idNum('权限组') }),
    answer: openLevelBundleSchema,
  }),
} as const;
