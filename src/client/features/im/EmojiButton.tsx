/**
 * 表情 (requirements 001-2-3): emoji-mart's own picker (a web component: its React wrapper wants React 18 at
 * most), loaded with its data the first time the button is pressed, so the emoji set (about
 * 400 kB) never weighs on a page that does not use it. The chosen emoji goes in at the caret. Its
 * names and categories in the page's language (docs/i18n.md).
 */
import { useEffect, useRef, useState } from 'react';
import { useLang, useT } from '../../i18n/lang';

export function EmojiButton({ onPick }: { onPick: (emoji: string) => void }) {
  const t = useT();
  const lang = useLang();
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  const holder = useRef<HTMLDivElement>(null);
  const pick = useRef(onPick);
  pick.current = onPick;
  useEffect(() => {
    if (!open) return;
    let picker: HTMLElement | null = null;
    let gone = false;
    void Promise.all([import('emoji-mart'), import('@emoji-mart/data'), lang === 'vi' ? import('@emoji-mart/data/i18n/vi.json') : import('@emoji-mart/data/i18n/zh.json')]).then(([{ Picker }, data, texts]) => {
      if (gone || !holder.current) return;
      picker = new Picker({
        data: data.default, i18n: texts.default, locale: lang, theme: 'light', previewPosition: 'none', skinTonePosition: 'none',
        onEmojiSelect: (e: { native: string }) => { pick.current(e.native); setOpen(false); },
        onClickOutside: () => setOpen(false),
      }) as unknown as HTMLElement;
      holder.current.appendChild(picker);
    }, () => setFailed(true));
    return () => {
      gone = true;
      picker?.remove();
    };
  }, [open, lang]);
  return (
    <span className="chat-tool-menu" onKeyDown={(e) => { if (e.key === 'Escape') setOpen(false); }}>
      <button type="button" className="linklike" title={t('表情')} aria-label={t('表情')} aria-expanded={open} onClick={(e) => { e.stopPropagation(); setOpen((o) => !o); setFailed(false); }}>
        <i className="pi pi-face-smile" /> {t('表情')}
      </button>
      {open && <div ref={holder} className="chat-emoji" role="dialog" aria-label={t('选择表情')}>{failed && <p className="chat-error">{t('表情加载失败，请联网后再试')}</p>}</div>}
    </span>
  );
}
