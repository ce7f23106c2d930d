/** The machine translation of one text someone wrote, under it; nothing when there is none (docs/i18n.md, "Translated lines"). */
import { useT } from '../../i18n/lang';
import './translation.css';

export function TranslatedLine({ text, lines }: { text: string; lines: ReadonlyMap<string, string> }) {
  const t = useT();
  const translated = lines.get(text);
  if (!translated) return null;
  return (
    <small className="translated-line" data-testid="translated-line" title={t('机器翻译')}>
      <i className="pi pi-language" aria-label={t('机器翻译')} role="img" /> <span data-user-text>{translated}</span>
    </small>
  );
}
