/**
 * The texts the platform sends by SMS, by scene (001 §2.2 system/notice; issue 13). Operators edit
 * them on /operation/system/notice; the server renders the stored text at each send. A template
 * must keep its required placeholders (a verification text without {code} would send no code) and
 * may use only its own; an SMS gateway in China refuses a text without its 【签名】 in front.
 */
export interface NoticeScene {
  label: string;
  /** placeholder → what it stands for, in the editor's words */
  placeholders: Readonly<Record<string, string>>;
  required: readonly string[];
  /** the text before an operator edits it (also migration 0081's row) */
  fallback: string;
}

export const NOTICE_SCENES = {
  sms_register: {
    label: '注册验证码短信', placeholders: { code: '验证码', minutes: '有效分钟数' }, required: ['code'],
    fallback: '【汽配汇】您的注册验证码是{code}，{minutes}分钟内有效。如非本人操作，请忽略本短信。',
  },
  sms_reset: {
    label: '找回密码验证码短信', placeholders: { code: '验证码', minutes: '有效分钟数' }, required: ['code'],
    fallback: '【汽配汇】您的找回密码验证码是{code}，{minutes}分钟内有效。如非本人操作，请忽略本短信。',
  },
  sms_temp_password: {
    label: '临时密码短信（运营重置密码）', placeholders: { name: '用户姓名', password: '临时密码' }, required: ['password'],
    fallback: '【汽配汇】{name}，平台已为您重置登录密码，临时密码：{password}，请登录后立即修改。',
  },
} as const satisfies Record<string, NoticeScene>;

export type NoticeSceneKey = keyof typeof NOTICE_SCENES;
export const NOTICE_SCENE_KEYS = Object.keys(NOTICE_SCENES) as NoticeSceneKey[];

/** Longer texts are split into several paid messages by the gateways, or refused. */
export const NOTICE_BODY_MAX = 300;

const PLACEHOLDER_RE = /\{([^{}]*)\}/g;

/** The first problem of a template, in the editor's words, or null when it can be sent. */
export const templateProblem = (scene: NoticeSceneKey, raw: string): string | null => {
  const def: NoticeScene = NOTICE_SCENES[scene];
  const body = raw.trim();
  if (body === '') return '请填写模板内容';
  if (body.length > NOTICE_BODY_MAX) return `模板内容最多${NOTICE_BODY_MAX}个字符`;
  if (!/^【[^【】]{2,12}】/.test(body)) return '短信须以【签名】开头（2到12个字，如【汽配汇】）';
  for (const [, name] of body.matchAll(PLACEHOLDER_RE)) {
    if (!(name in def.placeholders)) return `未知的占位符 {${name}}，可用：${Object.keys(def.placeholders).map((k) => `{${k}}`).join('、')}`;
  }
  const missing = def.required.find((k) => !body.includes(`{${k}}`));
  if (missing) return `模板须包含占位符 {${missing}}（${def.placeholders[missing]}）`;
  if (/[{}]/.test(body.replace(PLACEHOLDER_RE, ''))) return '花括号只能用于占位符，如 {code}';
  return null;
};

/** The text a person receives: each placeholder replaced by its value. */
export const renderTemplate = (body: string, values: Readonly<Record<string, string>>) =>
  body.replace(PLACEHOLDER_RE, (whole, name: string) => values[name] ?? whole);
