import { LANG_NAMES, LANGS, useLang, useT } from '../../i18n/lang';
import { useChooseLang } from './mutations';

/** 中文 / Tiếng Việt beside 显示币种: each name in its own language (docs/i18n.md). */
export function LangSwitch() {
  const t = useT();
  const shown = useLang();
  const choose = useChooseLang();
  return (
    <span className="currency-switch lang-switch" role="group" aria-label={t('语言')} data-testid="lang-switch">
      {LANGS.map((l) => (
        <button key={l} type="button" lang={l === 'vi' ? 'vi' : 'zh-CN'} className={shown === l ? 'active' : ''} aria-pressed={shown === l}
          disabled={choose.isPending} onClick={() => shown !== l && choose.mutate(l)}>
          {LANG_NAMES[l]}
        </button>
      ))}
    </span>
  );
}
