import { memo, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useRouteContext } from '@tanstack/react-router';
import { InputTextarea } from 'primereact/inputtextarea';
import { Button } from 'primereact/button';
import { suggestionQuery, validateOeBatch } from '../../../shared/domain/oe';
import { suggestQuery } from './queries';
import { searchHistory } from '../../local/search-history';
import { ScanButton } from '../scan/ScanButton';
import { useT } from '../../i18n/lang';

const DRAFT_KEY = 'qph-oe-draft';

/** The multi-line OE box (requirements 000-5): Enter searches, Ctrl+Enter adds a line, suggestions for one code. */
// memoised: the search page redraws its tabs on every navigation, with the same props
export const OeSearchBox = memo(function OeSearchBox({ initial }: { initial?: string }) {
  const t = useT();
  const navigate = useNavigate();
  // the user alone: the root's context is a new object on every navigation (each search)
  const signedInUser = useRouteContext({ from: '__root__', select: (c) => c.session.user });
  // what was typed survives a reload
  const [text, setText] = useState(() => initial ?? sessionStorage.getItem(DRAFT_KEY) ?? '');
  const [error, setError] = useState('');
  const [prefix, setPrefix] = useState<string | null>(null);
  const [showSuggestions, setShowSuggestions] = useState(false);
  const area = useRef<HTMLTextAreaElement>(null);
  // the box shows the codes the results are for, also when a history entry or a link changed them
  const [shown, setShown] = useState(initial);
  if (initial !== shown) {
    setShown(initial);
    if (initial !== undefined) setText(initial);
  }

  useEffect(() => {
    sessionStorage.setItem(DRAFT_KEY, text);
    const timer = setTimeout(() => setPrefix(suggestionQuery(text)), 200);
    return () => clearTimeout(timer);
  }, [text]);

  const suggestions = useQuery({ ...suggestQuery(prefix ?? ''), enabled: prefix !== null });

  const search = (value = text) => {
    const r = validateOeBatch(value);
    if (!r.ok) {
      setError(t(r.message)); // i18n-dynamic: the OE rules' messages (msg), listed in catalogue.test.ts
      return;
    }
    setError('');
    setShowSuggestions(false);
    const user = signedInUser;
    if (user) for (const code of r.codes) void searchHistory.add(user.uuid, code, 'oe');
    void navigate({ to: '/search/parts/oe', search: { code: r.codes.join(','), r: Date.now() } });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Enter') return;
    if (e.ctrlKey || e.metaKey) {
      e.preventDefault();
      // insert in the element itself, caret after the new line, in this very event: a caret moved
      // later (a frame on) would land in the middle of whatever was typed meanwhile
      const el = e.currentTarget;
      el.setRangeText('\n', el.selectionStart, el.selectionEnd, 'end');
      setText(el.value);
      return;
    }
    e.preventDefault();
    search();
  };

  return (
    <div style={{ position: 'relative' }}>
      <div className="oe-search-row" style={{ display: 'flex', gap: '0.6rem', alignItems: 'flex-start' }}>
        <InputTextarea ref={area} name="oe" aria-label={t('OE号')} value={text} rows={Math.min(10, Math.max(2, text.split('\n').length))}
          onChange={(e) => { setText(e.target.value); setShowSuggestions(true); setError(''); }} onKeyDown={onKeyDown}
          placeholder={t('输入OE号，回车搜索；Ctrl+Enter 换行，一次最多10个')} style={{ flex: 1, fontFamily: 'monospace' }} />
        {/* a scanned code joins the box as a line of its own, to edit before searching */}
        <ScanButton onScan={(oe) => { setText((was) => (was.trim() ? `${was.trimEnd()}\n${oe}` : oe)); setError(''); area.current?.focus(); }} />
        <Button label={t('搜索')} icon="pi pi-search" onClick={() => search()} />
      </div>
      {error && <p className="form-error" role="alert">{error}</p>}
      {showSuggestions && prefix && suggestions.data && suggestions.data.length > 0 && (
        <ul className="suggestions" role="listbox" aria-label={t('OE号联想')}>
          {suggestions.data.map((s) => (
            <li key={s.oe_number} role="option" aria-selected={false}>
              <button type="button" onClick={() => { setText(s.oe_number); search(s.oe_number); }}>
                <img src={s.car_brand_url} alt="" /> <strong>{s.oe_number}</strong> <span className="muted">{s.oe_name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
});
