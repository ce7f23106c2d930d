import { LANG_NAMES, LANGS, storedLang, useLang, useT } from '../../i18n/lang';
import { useChooseLang } from './mutations';

/**
 * 中文 / Tiếng Việt beside 显示币种: each name in its own language (docs/i18n.md). Pressing the
 * language shown keeps it when it was only a page's default for a guest (the Vietnamese
 * registration's Vietnamese), so the guest's choice holds on the next pages.
 */
export function LangSwitch() {
  const t = useT();
  const shown = useLang();
  const choose = useChooseLang();
  return (
    <span className="currency-switch lang-switch" role="group" aria-label={t('语言')} data-testid="lang-switch">
      {LANGS.map((l) => (
        <button key={l} type="button" lang={l === 'vi' ? 'vi' : 'zh-CN'} className={shown === l ? 'active' : ''} aria-pressed={shown === l}
          disabled={choose.isPending} onClick={() => (shown !== l || storedLang() !== l) && choose.mutate(l)}>
          {LANG_NAMES[l]}
        </button>
      ))}
    </span>
  );
}
