import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { InputText } from 'primereact/inputtext';
import { Button } from 'primereact/button';
import type { OilFacet } from '../../../shared/contracts';
import { yuan } from '../../../shared/domain/money';
import { oilSearchQuery } from './queries';
import { oilFilterOf, type OilParams } from './more-params';
import { useT, mark } from '../../i18n/lang';
import './search-more.css';

const FACET_LABELS: Record<OilFacet, string> = { kind: mark('类别'), viscosity: mark('粘度'), spec: mark('规格'), volume_ml: mark('容量'), brand: mark('品牌') };
const FACET_ORDER: OilFacet[] = ['kind', 'viscosity', 'spec', 'volume_ml', 'brand'];
const volume = (ml: number | string) => (Number(ml) % 1000 === 0 ? `${Number(ml) / 1000}L` : `${ml}ml`);

/**
 * 油品查询 (/search/oil, docs/search.md "Oils and fluids"): the oil catalogue narrowed by facets
 * (类别, 粘度, 规格, 容量, 品牌; each value with how many products it leaves) and words, each product
 * with its sellers, stock and lowest 标准价, and 查看报价 to the OE search of its number.
 */
export function OilSearch({ params }: { params: OilParams }) {
  const t = useT();
  const navigate = useNavigate();
  const filter = oilFilterOf(params);
  const [k, setK] = useState(filter.k);
  const q = useQuery({ ...oilSearchQuery(filter), placeholderData: keepPreviousData });
  const go = (change: Partial<typeof filter>) =>
    void navigate({ to: '/search/oil', search: Object.fromEntries(Object.entries({ ...filter, ...change }).filter(([, x]) => x !== '')) });
  const chosen = FACET_ORDER.filter((f) => filter[f] !== '');
  return (
    <section className="card more-search" aria-label={t('油品查询')}>
      <h2 className="more-title">{t('油品查询')}</h2>
      <p className="muted more-intro">{t('机油、变速箱油、齿轮油、刹车油、防冻液：按粘度、规格、容量和品牌筛选，查看各卖家的库存和报价。')}</p>
      <form className="more-box" onSubmit={(e) => { e.preventDefault(); go({ k: k.trim() }); }}>
        <InputText name="k" aria-label={t('品牌、系列或OE号')} value={k} onChange={(e) => setK(e.target.value)} placeholder={t('品牌、系列或OE号，如：美孚1号、磁护')} />
        <Button type="submit" label={t('查询')} icon="pi pi-search" />
      </form>
      {q.isPending ? <p aria-busy="true">{t('正在查询…')}</p>
        : q.isError && !q.data ? <p role="alert">{q.error.message}</p>
          : (
            <div className="oil-layout">
              <div className="oil-facets" role="group" aria-label={t('油品筛选')}>
                {FACET_ORDER.map((f) => (
                  <fieldset key={f} className="oil-facet">
                    <legend>{t(FACET_LABELS[f])}</legend>
                    {q.data!.facets[f].map((x) => {
                      const on = filter[f] === x.value;
                      return (
                        <button key={x.value} type="button" className={on ? 'facet-value on' : 'facet-value'} aria-pressed={on}
                          disabled={!on && x.count === 0} onClick={() => go({ [f]: on ? '' : x.value })}>
                          {f === 'volume_ml' ? volume(x.value) : x.value}<span className="facet-count">{x.count}</span>
                        </button>
                      );
                    })}
                  </fieldset>
                ))}
              </div>
              <div className="oil-results">
                <p className="muted" role="status">
                  {t('共')} {q.data!.rows.length} {t('种油品')}
                  {chosen.length > 0 && <>（{chosen.map((f) => `${t(FACET_LABELS[f])} ${f === 'volume_ml' ? volume(filter[f]) : filter[f]}`).join('，')}）
                    <button type="button" className="linklike" onClick={() => go({ viscosity: '', spec: '', volume_ml: '', brand: '', kind: '' })}>{t('清除筛选')}</button></>}
                </p>
                {q.data!.rows.length === 0 && <p className="more-empty">{t('没有符合这些条件的油品，请减少筛选条件。')}</p>}
                <ul className="oil-list">
                  {q.data!.rows.map((r) => (
                    <li key={r.id} className="oil-card">
                      <strong>{r.name}</strong>
                      <span className="muted">{r.oe_number} · {r.kind}</span>
                      <span className="oil-specs">{[r.viscosity, ...r.specs, volume(r.volume_ml)].filter(Boolean).map((s) => <span key={s} className="oil-spec">{s}</span>)}</span>
                      {r.seller_count > 0
                        ? <span>{r.seller_count} {t('家有货 · 库存')} {r.stock_qty}{r.min_price99 !== null && <> {t('· 标准价')} <b>{yuan(r.min_price99)}</b> {t('起')}</>}</span>
                        : <span className="muted">{t('暂无卖家有货')}</span>}
                      <Link to="/search/parts/oe" search={{ code: r.oe_number, r: Date.now() }} className="oil-offers">{t('查看报价')} <i className="pi pi-angle-right" /></Link>
                    </li>
                  ))}
                </ul>
              </div>
            </div>
          )}
    </section>
  );
}
