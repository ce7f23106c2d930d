/**
 * The two OpenAPI 3.1 documents built from the endpoint table (docs/open-platform.md, "The document"):
 * - the web API, `GET /api/openapi.json`: every call of the table except the partner calls;
 * - the partner API, `GET /api/open/v1/openapi.json`: only the calls with `access: 'open'`, signed
 *   with the four open-platform headers.
 * Schemas come from the calls' own valibot schemas (JSON Schema 2020-12, the dialect of OpenAPI
 * 3.1); every answer is the one envelope with its `data` typed. Both documents validate with
 * swagger-parser and with Redocly's recommended rules (tests/integration/openapi.test.ts).
 * operationId = the call's name.
 */
import { toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import { endpoints, ResultCode, type EndpointName } from '../../shared/contracts';
import type { EndpointDef } from '../../shared/contracts/endpoint';
import { OPEN_HEADERS, OPEN_NONCE_PATTERN, OPEN_WINDOW_SECONDS } from '../../shared/domain/open-signature';

type Json = Record<string, unknown>;

/** the partner API's version: its paths start with /api/open/v1 (docs/open-platform.md, "The document") */
export const OPEN_API_VERSION = '1.0.0';
export const OPEN_API_PREFIX = '/api/open/v1';

/** Removes what OpenAPI readers trip on: `$schema`, empty `required` lists. */
const tidy = (node: unknown): unknown => {
  if (Array.isArray(node)) return node.map(tidy);
  if (node === null || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [k, val] of Object.entries(node as Json)) {
    if (k === '$schema') continue;
    if (k === 'required' && Array.isArray(val) && val.length === 0) continue;
    out[k] = tidy(val);
  }
  return out;
};

/** a value the contract leaves open (v.unknown(), e.g. an audit row's before and after): any JSON value, said so */
const ANY_JSON: Json = { type: ['object', 'array', 'string', 'number', 'boolean', 'null'], description: '任意 JSON 值' };

const ANY_JSON_TYPES = (ANY_JSON.type as string[]).length;

const schemaOf = (s: v.GenericSchema, typeMode: 'input' | 'output'): Json =>
  tidy(
    toJsonSchema(s, {
      target: 'draft-2020-12',
      typeMode,
      errorMode: 'ignore',
      overrideSchema: ({ valibotSchema }) => (valibotSchema.type === 'unknown' || valibotSchema.type === 'any' ? { ...ANY_JSON } : undefined),
    }),
  ) as Json;

/** what each code of the envelope means (docs/api.md, "Envelope and codes") */
const CODE_TEXT: Record<number, string> = {
  [ResultCode.ok]: '成功，data 为应答内容',
  [ResultCode.tokenExpired]: '访问令牌过期：刷新后重试一次',
  [ResultCode.signedOut]: '已登出（退出、他处登录、刷新令牌重用、账号停用）',
  [ResultCode.badRequestPage]: '请求无效（网页端跳转到 /400）',
  [ResultCode.invalidPayload]: '参数有误：client_msg 以中文指明字段，field 为字段路径；未做任何更改',
  [ResultCode.notLoggedIn]: '未登录，或开放平台签名无效',
  [ResultCode.forbidden]: '无权限：他人公司的数据、缺少权限码或授权范围',
  [ResultCode.notFound]: '不存在',
  [ResultCode.conflict]: '冲突：幂等键配了另一请求体，或当前状态不允许该操作',
  [ResultCode.tooManyRequests]: '请求过频或额度用尽：Retry-After 说明多久后重试',
  [ResultCode.serverError]: '服务器错误',
};
const ERROR_CODES = Object.values(ResultCode).filter((c) => c !== ResultCode.ok);
const codeTable = ERROR_CODES.map((c) => `- \`${c}\`: ${CODE_TEXT[c]}`).join('\n');

/** the error envelope: `data` is always null, `client_msg` a Chinese text fit to show a person */
const errorSchema: Json = {
  type: 'object',
  required: ['code', 'msg', 'client_msg', 'data'],
  description: `错误应答。code 取值：\n\n${codeTable}`,
  properties: {
    code: { type: 'integer', enum: ERROR_CODES, description: '错误码（见上）' },
    msg: { type: 'string', description: '错误说明' },
    client_msg: { type: 'string', description: '可直接展示给用户的中文说明' },
    field: { type: 'string', description: '参数有误时出错字段的路径' },
    exception: { type: 'boolean', description: '为 true 时客户端须退出并重新加载' },
    data: { type: 'null' },
  },
};

interface ErrorResponse { status: number; code: number; text: string; example: string; field?: string }
const ERROR_RESPONSES: Record<string, ErrorResponse> = {
  Unauthorized: { status: 401, code: ResultCode.notLoggedIn, text: '未登录、令牌过期（code 4）、已登出（code 908）或签名无效', example: '请先登录' },
  Forbidden: { status: 403, code: ResultCode.forbidden, text: '无权限', example: '无权限' },
  NotFound: { status: 404, code: ResultCode.notFound, text: '不存在', example: '不存在' },
  Conflict: { status: 409, code: ResultCode.conflict, text: '冲突（幂等键重用于另一请求体，或状态不允许）', example: '该请求已用同一幂等键提交过不同内容' },
  Unprocessable: { status: 422, code: ResultCode.invalidPayload, text: '参数有误：client_msg 指明字段', example: '请输入用户名', field: 'username' },
  TooManyRequests: { status: 429, code: ResultCode.tooManyRequests, text: '请求过频或额度用尽', example: '请求过于频繁，请稍后再试' },
  ServerError: { status: 500, code: ResultCode.serverError, text: '服务器错误', example: '服务器错误' },
};

const errorResponse = (e: ErrorResponse): Json => ({
  description: e.text,
  ...(e.status === 429 ? { headers: { 'Retry-After': { description: '多少秒后可重试', schema: { type: 'integer', minimum: 1 } } } } : {}),
  content: {
    'application/json': {
      schema: { $ref: '#/components/schemas/Error' },
      example: { code: e.code, msg: e.example, client_msg: e.example, ...(e.field ? { field: e.field } : {}), data: null },
    },
  },
});

const TAG_TEXT: Record<string, string> = {
  account: '账号：资料、密码、手机号',
  address: '收货地址',
  aftersale: '售后：退货退款',
  backend: '后台首页',
  bill: '月度账单',
  cart: '购物车',
  promotions: '营销 · 促销计划：卖家的折扣，搜索、购物车与下单按它计价',
  'cash-pledge': '保证金',
  circle: '汽配圈：动态与关注',
  company: '公司资料与店铺',
  enquiry: '询价单',
  im: '即时消息：会话、群组、客服',
  invoice: '发票',
  maintenance: '保养套餐：卖家的套餐与店铺中按买家计价的套餐',
  membership: '会员与套餐',
  operation: '运营后台（总公司）',
  orders: '采购与销售订单',
  organisation: '组织：员工、部门、角色',
  'paid-service': '付费服务',
  quote: '报价',
  reference: '基础资料：品牌、车型、地区',
  search: '配件搜索：OE号、关键词',
  'seller-apply': '卖家入驻申请',
  settings: '设置',
  stock: '库存',
  store: '店铺',
  system: '系统参数',
  upload: '上传',
  user: '登录、令牌与会话',
  vin: 'VIN 查件',
  wallet: '钱包：充值、付款、提现',
  open: '开放平台：接口密钥、授权与调用记录',
  webhook: '事件通知（Webhook）的订阅与投递记录',
  erp: 'ERP 产品与公司的 ERP 对接',
};

/** the partner reference groups its calls by what they touch: the first segment after /api/open/v1 */
const PARTNER_TAGS: Record<string, string> = {
  company: '公司：密钥所属公司的信息',
  stock: '库存：查询、变动与批量同步',
  orders: '订单：销售订单与采购订单的读取和处理',
  quotes: '报价：询价单收到的报价',
  webhooks: '事件通知',
};
const partnerTag = (path: string) => path.split('/')[3] ?? 'open';
const tagText = (tag: string, kind: 'web' | 'open') => (kind === 'open' ? PARTNER_TAGS[tag] : undefined) ?? TAG_TEXT[tag] ?? `${tag} 相关接口`;

/** the path and query parameters of one call (GET and DELETE take their payload in the query) */
const queryParams = (payload: Json): Json[] => {
  const props = (payload.properties ?? {}) as Record<string, Json>;
  const required = new Set((payload.required as string[] | undefined) ?? []);
  return Object.entries(props).map(([name, schema]) => ({
    name,
    in: 'query',
    required: required.has(name),
    ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
    // a query value arrives as text: a field the contract leaves open is a string on the wire
    schema: Array.isArray(schema.type) && schema.type.length === ANY_JSON_TYPES ? { type: 'string' } : schema,
  }));
};

type Kind = 'web' | 'open';

/** a long summary (a call's whole description) is cut at its first clause; the whole text goes to the description */
const shortSummary = (text: string) => {
  if (text.length <= 40) return text;
  const cut = text.search(/[：；。]/);
  return cut > 0 ? text.slice(0, cut) : text;
};

const operationOf = (name: EndpointName, ep: EndpointDef, kind: Kind): Json => {
  const payload = schemaOf(ep.docPayload ?? ep.payload, 'input');
  const data = schemaOf(ep.answer, 'output');
  const parameters: Json[] = [];
  if (kind === 'web') parameters.push({ $ref: '#/components/parameters/Device' });
  if (ep.idempotent) parameters.push({ $ref: ep.idempotencyRequired ? '#/components/parameters/IdempotencyKeyRequired' : '#/components/parameters/IdempotencyKey' });
  const hasBody = ep.method === 'post' || ep.method === 'put';
  if (!hasBody) parameters.push(...queryParams(payload));
  // a partner call with a batch id takes it in the body or as this header (docs/open-platform.md, "Stock sync")
  const bodyProps = (payload.properties ?? {}) as Record<string, Json>;
  if (kind === 'open' && hasBody && bodyProps.batch_id) {
    parameters.push({
      name: 'Idempotency-Key', in: 'header', required: false,
      description: '幂等键：与请求体的 batch_id 同义（二选一，同时提供时须相同），规则相同；同一键重发同一批得到同一结果、不会重复生效',
      schema: { type: 'string', pattern: (bodyProps.batch_id as { pattern?: string }).pattern ?? '^[A-Za-z0-9_-]{8,64}$' },
    });
  }

  const notes: string[] = [];
  if (kind === 'open') {
    const scope = (ep as { scope?: string }).scope;
    if (scope) notes.push(`授权范围：\`${scope}\`。`);
    notes.push('须签名（open-key、X-Open-Timestamp、X-Open-Nonce、X-Open-Signature），只读写该密钥所属公司的数据。');
  } else {
    if (ep.access === 'public') notes.push('无需登录。');
    if (ep.access === 'user') notes.push('须登录。');
    if (ep.access === 'operator') notes.push('仅总公司运营人员。');
    if (ep.permissions?.length) notes.push(`权限码（任一）：${ep.permissions.map((p) => `\`${p}\``).join('、')}。`);
  }
  if (ep.idempotent) notes.push(ep.idempotencyRequired ? '必须带 Idempotency-Key：重试不会重复执行。' : '可带 Idempotency-Key：同一键重试返回首次的应答。');

  const refs = ['Unprocessable', 'TooManyRequests', 'ServerError'];
  if (ep.access !== 'public') refs.unshift('Unauthorized');
  if (ep.access !== 'public') refs.splice(1, 0, 'Forbidden');
  if (ep.idempotent || ep.method !== 'get') refs.splice(refs.indexOf('Unprocessable'), 0, 'Conflict');
  const responses: Json = {
    200: {
      description: '成功（code 200）',
      content: {
        'application/json': {
          schema: {
            type: 'object',
            required: ['code', 'msg', 'data'],
            properties: { code: { type: 'integer', const: 200 }, msg: { type: 'string', examples: ['success'] }, data },
          },
        },
      },
    },
  };
  for (const r of refs) responses[ERROR_RESPONSES[r].status] = { $ref: `#/components/responses/${r}` };
  responses[404] = { $ref: '#/components/responses/NotFound' };

  const op: Json = {
    operationId: name,
    summary: shortSummary(ep.summary),
    description: [...(shortSummary(ep.summary) === ep.summary ? [] : [ep.summary]), notes.join(' ')].join('\n\n'),
    tags: [kind === 'open' ? partnerTag(ep.path) : ep.tag],
    security: kind === 'open' ? [OPEN_REQUIREMENT] : ep.access === 'public' ? [] : [{ bearer: [] }],
    ...(parameters.length ? { parameters } : {}),
    ...(hasBody ? { requestBody: { required: true, content: { 'application/json': { schema: payload } } } } : {}),
    responses,
    ...(kind === 'open' && (ep as { scope?: string }).scope ? { 'x-scope': (ep as { scope?: string }).scope } : {}),
    ...(kind === 'web' && ep.permissions?.length ? { 'x-permissions': [...ep.permissions] } : {}),
  };
  return op;
};

/** the four signed headers, one apiKey scheme each, required together (docs/open-platform.md, "Keys and signing") */
const OPEN_SCHEMES: Record<string, Json> = {
  openKey: { type: 'apiKey', in: 'header', name: OPEN_HEADERS.key, description: '密钥 ID（在 /open/controlPanel 创建）' },
  openTimestamp: { type: 'apiKey', in: 'header', name: OPEN_HEADERS.timestamp, description: `Unix 秒；与服务器时间相差不得超过 ${OPEN_WINDOW_SECONDS} 秒` },
  openNonce: { type: 'apiKey', in: 'header', name: OPEN_HEADERS.nonce, description: `每次调用不同的随机串，${OPEN_NONCE_PATTERN.source}；同一密钥在时间窗内重复使用会被拒绝` },
  openSignature: {
    type: 'apiKey',
    in: 'header',
    name: OPEN_HEADERS.signature,
    description: '小写十六进制 HMAC-SHA256(secret, METHOD\\nPATH_WITH_QUERY\\nTIMESTAMP\\nNONCE\\nhex(SHA-256(请求体)))',
  },
};
const OPEN_REQUIREMENT: Json = Object.fromEntries(Object.keys(OPEN_SCHEMES).map((k) => [k, []]));

const isOpen = (ep: EndpointDef) => (ep.access as string) === 'open';

const buildDocument = (kind: Kind): Json => {
  const paths: Record<string, Json> = {};
  const tags = new Set<string>();
  let usesIdem = false;
  let usesIdemRequired = false;
  for (const name of Object.keys(endpoints) as EndpointName[]) {
    const ep = endpoints[name] as EndpointDef;
    if (isOpen(ep) !== (kind === 'open')) continue;
    const op = operationOf(name, ep, kind);
    tags.add(kind === 'open' ? partnerTag(ep.path) : ep.tag);
    if (ep.idempotencyRequired) usesIdemRequired = true;
    else if (ep.idempotent) usesIdem = true;
    // a call that names its row in the path is documented with it (docs/api.md, "Calling it")
    const path = ep.pathId ? `/api${ep.path}/{id}` : `/api${ep.path}`;
    const withId = ep.pathId
      ? { ...op, parameters: [{ name: 'id', in: 'path', required: true, description: '该行的编号', schema: { type: 'string', pattern: '^[0-9A-Za-z_-]{1,40}$' } }, ...((op.parameters as Json[] | undefined) ?? [])] }
      : op;
    paths[path] = { ...(paths[path] ?? {}), [ep.method]: withId };
  }
  const idemSchema = { type: 'string', pattern: '^[A-Za-z0-9-]{8,128}$' };
  const parameters: Json = {};
  if (kind === 'web') parameters.Device = { name: 'Device', in: 'header', description: '设备类型：每个用户每种设备一个会话', schema: { type: 'string', enum: ['pc', 'h5', 'app', 'pad'], default: 'pc' } };
  if (usesIdem) parameters.IdempotencyKey = { name: 'Idempotency-Key', in: 'header', required: false, description: '幂等键：同一键重试返回首次的应答', schema: idemSchema };
  if (usesIdemRequired) parameters.IdempotencyKeyRequired = { name: 'Idempotency-Key', in: 'header', required: true, description: '幂等键（必填）：重试不会重复执行', schema: idemSchema };
  const used = new Set<string>(JSON.stringify(paths).match(/#\/components\/responses\/\w+/g)?.map((r) => r.split('/').pop() as string) ?? []);
  const responses = Object.fromEntries(Object.entries(ERROR_RESPONSES).filter(([k]) => used.has(k)).map(([k, e]) => [k, errorResponse(e)]));

  const common = {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: '/', description: '本站' }],
    tags: [...tags].sort().map((name) => {
      const description = tagText(name, kind);
      // the reference shows a partner group by its Chinese name (x-displayName, read by Scalar and Redoc)
      return { name, description, ...(kind === 'open' && PARTNER_TAGS[name] ? { 'x-displayName': description.split('：')[0] } : {}) };
    }),
    paths,
  };
  const contact = { name: '汽配汇开放平台', url: '/open', email: 'open@qipeihub.cn' };
  const license = { name: 'Proprietary', url: '/open' };
  if (kind === 'open') {
    return {
      ...common,
      info: {
        title: '汽配汇开放平台 API',
        version: OPEN_API_VERSION,
        summary: '合作伙伴 ERP 对接：公司信息、库存、订单',
        description:
          `合作伙伴系统以签名调用访问本公司的数据。所有路径以 \`${OPEN_API_PREFIX}\` 开头；签名所用的路径即文档中的路径（含查询串）。\n\n` +
          '应答统一为信封 `{code, msg, data}`，code 200 为成功。版本 v1 内只做不破坏对接的变更：新增调用、新增可选参数、应答新增字段。\n\n' +
          `错误码：\n\n${codeTable}`,
        contact,
        license,
      },
      components: { securitySchemes: OPEN_SCHEMES, schemas: { Error: errorSchema }, responses, ...(Object.keys(parameters).length ? { parameters } : {}) },
    };
  }
  return {
    ...common,
    info: {
      title: '汽配汇 QipeiHub Web API',
      version: '1.0.0',
      summary: '网页端与 App 使用的接口',
      description: `所有应答使用统一信封 {code, msg, data}；code 200 为成功。合作伙伴接口见 ${OPEN_API_PREFIX}/openapi.json。\n\n错误码：\n\n${codeTable}`,
      contact,
      license,
    },
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: '登录（POST /api/user/auth）得到的访问令牌' } },
      schemas: { Error: errorSchema },
      responses,
      parameters,
    },
  };
};

/** the web API's document (GET /api/openapi.json) */
export const buildOpenApi = (): Json => buildDocument('web');
/** the partner API's document (GET /api/open/v1/openapi.json) */
export const buildPartnerOpenApi = (): Json => buildDocument('open');
