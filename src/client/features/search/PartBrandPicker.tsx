import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { Paginator } from 'primereact/paginator';
import { msg } from '../../../shared/messages';
import { BRAND_PAGE_SIZE, partBrandsQuery } from './queries';
import { useT } from '../../i18n/lang';

export interface PickedBrand { id: number; name: string }

/** The part-brand picker: a search box and the brands 20 a page; 暂无相关结果 when none match. */
export function PartBrandPicker({ visible, onHide, onPick, selected }: { visible: boolean; onHide: () => void; onPick: (b: PickedBrand) => void; selected?: number }) {
  const t = useT();
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  // the list follows the box a moment after typing stops, not on every key
  useEffect(() => {
    const timer = setTimeout(() => { setKeyword(typed.trim()); setPage(1); }, 250);
    return () => clearTimeout(timer);
  }, [typed]);
  const q = useQuery({ ...partBrandsQuery(keyword, page), enabled: visible, placeholderData: keepPreviousData });
  const brands = q.data?.data ?? [];
  return (
    <Dialog header={t('选择配件品牌')} visible={visible} onHide={onHide} style={{ width: '640px' }} modal dismissableMask>
      <div style={{ marginBottom: '0.8rem' }}>
        <InputText name="brand-keyword" aria-label={t('品牌名称')} placeholder={t('输入品牌名称，如：博世')} value={typed} onChange={(e) => setTyped(e.target.value)} style={{ width: '100%' }} autoFocus />
      </div>
      {q.isPending ? (
        <p aria-busy="true">{t('正在加载…')}</p>
      ) : q.isError && !q.data ? (
        <p role="alert">{q.error.message}</p>
      ) : brands.length === 0 ? (
        <p className="muted" role="status">{t(msg.noResults)}</p>
      ) : (
        <ul className="brand-grid" aria-label={t('配件品牌列表')}>
          {brands.map((b) => (
            <li key={b.id}>
              <button type="button" className={b.id === selected ? 'brand-chip active' : 'brand-chip'} onClick={() => onPick(b)}>{b.name}</button>
            </li>
          ))}
        </ul>
      )}
      {(q.data?.total ?? 0) > BRAND_PAGE_SIZE && (
        <Paginator first={(page - 1) * BRAND_PAGE_SIZE} rows={BRAND_PAGE_SIZE} totalRecords={q.data!.total} onPageChange={(e) => setPage(e.page + 1)} template="PrevPageLink PageLinks NextPageLink" />
      )}
    </Dialog>
  );
}
