import { memo, useEffect, useState } from 'react';
import { useNavigate, useRouteContext } from '@tanstack/react-router';
import { InputText } from 'primereact/inputtext';
import { SelectButton } from 'primereact/selectbutton';
import { Button } from 'primereact/button';
import { msg } from '../../../shared/messages';
import { searchHistory } from '../../local/search-history';
import type { SearchKind } from '../../../shared/contracts';
import { useT, mark } from '../../i18n/lang';

const MODES = [{ label: mark('精确'), value: 'exact' }, { label: mark('模糊'), value: 'fuzzy' }];

/** Keyword box with the exact / fuzzy selector; empty input gives 请输入搜索内容. */
export type KeywordTarget = '/search/parts/keyword' | '/search/parts/circle' | '/search/dismantle/result' | '/search/company';

/** what the history remembers of a search made from each box, to replay it on the same page */
const KIND: Record<KeywordTarget, SearchKind> = {
  '/search/parts/keyword': 'keyword',
  '/search/parts/circle': 'circle',
  '/search/dismantle/result': 'dismantle',
  '/search/company': 'company',
};

const FIELD: Record<KeywordTarget, [string, string]> = {
  '/search/parts/keyword': ['k', mark('关键词')],
  '/search/parts/circle': ['circle-k', mark('圈内关键词')],
  '/search/dismantle/result': ['dismantle-k', mark('拆车件关键词')],
  '/search/company': ['company-k', mark('企业名称或城市')],
};

// memoised: the search page redraws its tabs on every navigation, with the same props
export const KeywordSearchBox = memo(function KeywordSearchBox({ initial, initialMode, to = '/search/parts/keyword' }: { initial?: string; initialMode?: 'exact' | 'fuzzy'; to?: KeywordTarget }) {
  const t = useT();
  const navigate = useNavigate();
  // the user alone: the root's context is a new object on every navigation (each search)
  const user = useRouteContext({ from: '__root__', select: (c) => c.session.user });
  const [k, setK] = useState(initial ?? '');
  const [mode, setMode] = useState<'exact' | 'fuzzy'>(initialMode ?? 'fuzzy');
  const [info, setInfo] = useState('');
  // the box shows what the results are for, also after a reload or a link
  useEffect(() => {
    if (initial !== undefined) setK(initial);
    if (initialMode !== undefined) setMode(initialMode);
  }, [initial, initialMode]);
  const search = () => {
    const value = k.trim();
    if (!value) {
      setInfo(t(msg.enterSearch));
      return;
    }
    setInfo('');
    if (user) void searchHistory.add(user.uuid, value, KIND[to], mode);
    if (to === '/search/company') void navigate({ to, search: { k: value } });
    else void navigate({ to, search: { k: value, mode, r: Date.now() } });
  };
  return (
    <div>
      <div style={{ display: 'flex', gap: '0.6rem', alignItems: 'center' }}>
        {to !== '/search/company' && <SelectButton value={mode} options={MODES.map((o) => ({ ...o, label: t(o.label) }))} // i18n-dynamic: MODES' labels are marked
          onChange={(e) => e.value && setMode(e.value)} aria-label={t('搜索方式')} allowEmpty={false} />}
        <InputText name={FIELD[to][0]} aria-label={t(FIELD[to][1])} value={k} onChange={(e) => { setK(e.target.value); setInfo(''); }}
          onKeyDown={(e) => { if (e.key === 'Enter') search(); }} placeholder={to === '/search/company' ? t('公司名称、简称或城市，如：骏达、广州') : t('配件名称、品牌、车型或OE号，如：刹车片、博世、朗逸 刹车片')} style={{ flex: 1 }} />
        <Button label={t('搜索')} icon="pi pi-search" onClick={search} />
      </div>
      {info && <p className="muted" role="status" style={{ color: '#1565c0' }}>{info}</p>}
    </div>
  );
});
