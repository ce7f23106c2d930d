import { useState, type FormEvent } from 'react';
import { useNavigate, useRouteContext } from '@tanstack/react-router';
import { InputText } from 'primereact/inputtext';
import { Button } from 'primereact/button';
import { msg } from '../../../shared/messages';
import { searchHistory } from '../../local/search-history';
import { MobilePage } from './MobilePage';
import { KeywordResultCards } from './MobileSearchPage';
import type { MobileSearch } from './search-params';

/**
 * 现货 (/ofo/spotGoods, docs/spot-goods.md): parts their sellers marked 现货, in stock and ready to
 * ship (今日发 before the seller's cut-off, 明日发 after): the keyword search with 只看现货, and
 * 现货下单 on each card. The same call, quota and cards as 搜索.
 */
export function SpotGoodsPage({ search }: { search: MobileSearch }) {
  const navigate = useNavigate();
  const { session } = useRouteContext({ from: '__root__' });
  const [k, setK] = useState(search.k ?? '');
  const [error, setError] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!k.trim()) return setError(msg.enterSearch);
    setError('');
    if (session.user) void searchHistory.add(session.user.uuid, k.trim(), 'keyword', 'fuzzy');
    void navigate({ to: '/ofo/spotGoods', search: { k: k.trim(), mode: 'fuzzy', r: Date.now() } });
  };
  return (
    <MobilePage title="现货" back="/ofo/search">
      <form className="m-card" onSubmit={submit} aria-label="现货搜索" style={{ display: 'grid', gap: 8 }}>
        <p className="m-muted" style={{ margin: 0 }}>卖家标记的现货，有库存，截单前下单今日发</p>
        <InputText name="k" aria-label="现货关键词" value={k} placeholder="配件名称、品牌、车型或OE号" onChange={(e) => { setK(e.target.value); setError(''); }} />
        {error && <p className="m-field-error" role="alert" style={{ margin: 0 }}>{error}</p>}
        <Button type="submit" label="查现货" icon="pi pi-search" />
      </form>
      {search.k && <KeywordResultCards search={search} spot to="/ofo/spotGoods" />}
    </MobilePage>
  );
}
