import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useRouteContext } from '@tanstack/react-router';
import { Button } from 'primereact/button';
import { WANTED_CODES } from '../../../shared/contracts';
import { hasAnyPermission } from '../../../shared/domain/permissions';
import { msg } from '../../../shared/messages';
import { PublishWantedDialog } from '../wanted/PublishWantedDialog';
import { suggestQuery } from './queries';
import { useT } from '../../i18n/lang';
import { dataSlot, withData } from '../../i18n/with-data';
import './search-extras.css';

/** 发布求购 with the searched text filled in, for those who may publish (C07 / C15). */
function PublishWithQuery({ text }: { text: string }) {
  const t = useT();
  const { session } = useRouteContext({ from: '__root__' });
  const [open, setOpen] = useState(false);
  if (!hasAnyPermission(session.user?.permissions ?? [], WANTED_CODES)) return null;
  return (
    <>
      <Button type="button" label={t(msg.publishWanted)} icon="pi pi-megaphone" severity="warning" size="small" onClick={() => setOpen(true)} />
      {open && <PublishWantedDialog visible initialContent={text} onHide={() => setOpen(false)} />}
    </>
  );
}

/**
 * A keyword search that found nothing: says so plainly instead of an empty table with
 * a pager, and offers what would find something: clearing the filters, the fuzzy mode (when the
 * server found that it finds rows), nearby queries the server checked, single words of a longer
 * query, and 发布求购 with the query filled in.
 */
export function EmptyKeywordHelp({ k, mode, filtered, help, go }: {
  k: string; mode: 'exact' | 'fuzzy'; filtered: boolean;
  help: { fuzzy_finds: boolean; queries: string[] } | undefined;
  go: (patch: { k?: string; mode?: 'exact' | 'fuzzy'; clearFilters?: boolean }) => void;
}) {
  const t = useT();
  // the words as the server splits them (keyword.repo.ts tokensOf)
  const words = [...new Set(k.trim().split(/\s+/).filter(Boolean))];
  const queries = help?.queries ?? [];
  const singles = words.length > 1 ? words.filter((w) => !queries.includes(w)) : [];
  return (
    <div className="empty-help" role="status">
      <p className="empty-help-title"><i className="pi pi-search" aria-hidden /> {withData(t('没有找到与“{{k}}”相关的配件', { k: dataSlot(0) }), [k])}</p>
      <ul>
        {filtered && <li>{t('已设置品牌或价格、库存筛选：')}<Button type="button" link size="small" label={t('清除筛选后再搜')} onClick={() => go({ clearFilters: true })} /></li>}
        {mode === 'exact' && help?.fuzzy_finds && <li>{t('精确搜索要求每个词原样出现：')}<Button type="button" link size="small" label={t('改用模糊搜索')} onClick={() => go({ mode: 'fuzzy' })} /></li>}
        {queries.length > 0 && (
          <li>{t('您是不是要找：')}{queries.map((q) => <Button key={q} type="button" link size="small" label={q} data-user-text onClick={() => go({ k: q, mode: 'exact' })} />)}</li>
        )}
        {singles.length > 0 && <li>{t('少写几个词：')}{singles.map((w) => <Button key={w} type="button" link size="small" label={w} data-user-text onClick={() => go({ k: w })} />)}</li>}
        <li>{t('检查错别字，或换个说法（配件名称、品牌、车型、OE号都可以搜）')}</li>
      </ul>
      <div className="empty-help-actions">
        <span className="muted">{t('找不到想要的配件？发布求购，让卖家来报价')}</span>
        <PublishWithQuery text={k} />
      </div>
    </div>
  );
}

/**
 * An OE number no seller stocks: says so, lists catalogue numbers that begin like it (a shorter
 * code, through the same 联想 call as the search box), a keyword search for numbers beginning with
 * it, and 发布求购 with the number filled in.
 */
export function EmptyOeHelp({ oe, oeNumber }: { oe: string; oeNumber: string }) {
  const t = useT();
  const prefix = oe.slice(0, Math.max(5, oe.length - 2));
  const near = useQuery(suggestQuery(prefix));
  const others = (near.data ?? []).filter((p) => p.oe_number.replace(/[^0-9A-Za-z]/g, '').toUpperCase() !== oe).slice(0, 5);
  return (
    <div className="empty-help" role="status">
      <p className="empty-help-title"><i className="pi pi-inbox" aria-hidden /> {t('暂无卖家报价')} {oeNumber}</p>
      <ul>
        {others.length > 0 && (
          <li>{t('编号相近的配件：')}{others.map((p) => (
            <Link key={p.oe_number} to="/search/parts/oe" search={{ code: p.oe_number, r: Date.now() }} className="empty-help-link">{p.oe_number} {p.oe_name}</Link>
          ))}</li>
        )}
        <li>{t('编号可能不全：')}<Link to="/search/parts/keyword" search={{ k: oeNumber, mode: 'exact' }} className="empty-help-link">{t('查找以 {{oe}} 开头的编号', { oe: oeNumber })}</Link></li>
      </ul>
      <div className="empty-help-actions">
        <span className="muted">{t('发布求购，让卖家来报价')}</span>
        <PublishWithQuery text={oeNumber} />
      </div>
    </div>
  );
}
