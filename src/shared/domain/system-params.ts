/**
 * The system parameters an operator edits (requirements 000-3, plus the ones later issues added:
 * wx_miniprogram_qr, im_service_user), each with its rule. The page checks a value with the same
 * function the server uses, so both say the same Chinese words; the server adds what only it can
 * know (an image is an upload of the platform, listed companies exist).
 * `pay_provider` is left out on purpose: free text could name a provider the server cannot use (or
 * the sandbox on PostgreSQL); the operator's 支付渠道 page offers only the ones it can
 * (docs/money.md, "Choosing the provider").
 * `system_announcement` is edited on its own page (系统公告).
 */
export type ParamKind = 'text' | 'longtext' | 'url' | 'image' | 'json' | 'company_ids' | 'phone' | 'switch';

export interface ParamDef {
  key: string;
  label: string;
  kind: ParamKind;
  /** longest value, in characters */
  max: number;
  /** an empty value is allowed (and what it then means) */
  emptyMeans?: string;
  /** json: the keys the object must have */
  jsonKeys?: readonly string[];
}

export const SYSTEM_PARAMS: readonly ParamDef[] = [
  { key: 'system_name', label: '系统名称', kind: 'text', max: 20 },
  { key: 'system_title', label: '网站标题', kind: 'text', max: 60 },
  { key: 'system_keywords', label: '网站关键词', kind: 'text', max: 200, emptyMeans: '不设关键词' },
  { key: 'system_desc', label: '网站描述', kind: 'longtext', max: 300, emptyMeans: '不设描述' },
  { key: 'system_logo', label: '系统标志', kind: 'image', max: 200 },
  { key: 'system_logo_text', label: '标志文字', kind: 'text', max: 40, emptyMeans: '不显示标志文字' },
  { key: 'system_phone', label: '客服热线', kind: 'phone', max: 20 },
  { key: 'system_icp_number', label: 'ICP备案号', kind: 'text', max: 40, emptyMeans: '页脚不显示备案号' },
  { key: 'wx_open_web_key', label: '微信开放平台 AppID', kind: 'text', max: 64, emptyMeans: '不显示微信登录' },
  { key: 'wx_miniprogram_qr', label: '微信小程序码', kind: 'image', max: 200, emptyMeans: '工具栏不显示“小程序”' },
  { key: 'system_tongji', label: '统计代码', kind: 'longtext', max: 2000, emptyMeans: '不统计' },
  { key: 'baidu_shangqiao', label: '在线咨询地址', kind: 'url', max: 300, emptyMeans: '显示“未配置在线咨询服务”' },
  { key: 'upload_authority', label: '可上传大图的企业ID', kind: 'company_ids', max: 500, emptyMeans: '没有企业可上传 5 MB 大图' },
  { key: 'im_client_params', label: '即时通讯参数', kind: 'json', max: 2000, jsonKeys: ['app_key'] },
  { key: 'im_service_user', label: '在线客服账号', kind: 'json', max: 2000, jsonKeys: ['cn'] },
  { key: 'jqr_allinpay_config', label: '通联支付配置', kind: 'json', max: 2000, jsonKeys: ['enabled'] },
  { key: 'api_docment_url', label: '开放接口文档地址', kind: 'url', max: 300, emptyMeans: '不显示接口文档' },
  { key: 'qcj_url', label: '汽车街链接', kind: 'url', max: 300, emptyMeans: '不显示链接' },
  { key: 'company_change_review', label: '企业资料变更审核', kind: 'switch', max: 1 },
];

export const PARAM_BY_KEY: ReadonlyMap<string, ParamDef> = new Map(SYSTEM_PARAMS.map((p) => [p.key, p]));

/** The announcement the storefront shows under the search box (系统公告). */
export const ANNOUNCEMENT = { key: 'system_announcement', label: '首页公告', max: 300 } as const;

const URL_RE = /^(https?:\/\/[^\s/$.?#][^\s]*|\/[^/\s][^\s]*)$/i;
const PHONE_RE = /^[0-9+\-() ]{5,20}$/;
const IDS_RE = /^\d{1,9}(,\d{1,9})*$/;

/**
 * The value as it is stored (trimmed; ids without spaces), or a Chinese message naming the
 * parameter. An image is only checked for its shape here; the server checks it is an upload.
 */
export const checkParam = (def: ParamDef, raw: string): { ok: true; value: string } | { ok: false; message: string } => {
  const value = def.kind === 'company_ids' ? raw.replace(/[\s，]/g, (c) => (c === '，' ? ',' : '')) : raw.trim();
  const fail = (message: string) => ({ ok: false as const, message: `${def.label}：${message}` });
  if (value === '') return def.emptyMeans ? { ok: true, value } : fail('不能为空');
  if (value.length > def.max) return fail(`最多${def.max}个字符`);
  switch (def.kind) {
    case 'url':
      return URL_RE.test(value) ? { ok: true, value } : fail('应为以 http:// 或 https:// 开头的网址，或以 / 开头的站内地址');
    case 'image':
      return value.startsWith('/') && !value.startsWith('//') && !/\s/.test(value)
        ? { ok: true, value } : fail('请上传 JPG/PNG 图片');
    case 'switch':
      return value === '0' || value === '1' ? { ok: true, value } : fail('只能是 1（开启）或 0（关闭）');
    case 'phone':
      return PHONE_RE.test(value) ? { ok: true, value } : fail('应为5到20位数字，可含空格和 + - ( )');
    case 'company_ids': {
      if (!IDS_RE.test(value)) return fail('应为用英文逗号分隔的企业ID，如 1,2,15');
      return { ok: true, value: [...new Set(value.split(','))].join(',') };
    }
    case 'json': {
      let parsed: unknown;
      try {
        parsed = JSON.parse(value);
      } catch {
        return fail('不是有效的 JSON');
      }
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return fail('应为 JSON 对象，如 {"app_key":""}');
      const missing = (def.jsonKeys ?? []).find((k) => !(k in parsed));
      if (missing) return fail(`缺少字段 ${missing}`);
      return { ok: true, value: JSON.stringify(parsed) };
    }
    default:
      return { ok: true, value };
  }
};
