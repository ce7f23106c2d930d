import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { formatChina } from '../../../shared/domain/china-time';
import { newVehiclesQuery } from './queries';
import { useT, t } from '../../i18n/lang';
import './search-more.css';

const monthText = (m: string) => t('{{year}}年{{month}}月', { year: m.slice(0, 4), month: Number(m.slice(5)) });

/**
 * 新车型 (/search/newvehicle, docs/search.md "New vehicles"): the vehicles that entered the EPC
 * catalogue in a month (the newest month with additions unless one is chosen), by make, each
 * leading to its parts catalogue.
 */
export function NewVehicles({ month, make }: { month: string; make: string }) {
  const t = useT();
  const navigate = useNavigate();
  const q = useQuery({ ...newVehiclesQuery(month, make), placeholderData: keepPreviousData });
  const go = (m: string, mk: string) => void navigate({ to: '/search/newvehicle', search: { ...(m ? { month: m } : {}), ...(mk ? { make: mk } : {}) } });
  return (
    <section className="card more-search" aria-label={t('新车型')}>
      <h2 className="more-title">{t('新车型')}</h2>
      <p className="muted more-intro">{t('车型库每月新收录的车型，按月份和品牌查看，点进去按分组查配件。')}</p>
      {q.isPending ? <p aria-busy="true">{t('正在查询…')}</p>
        : q.isError && !q.data ? <p role="alert">{q.error.message}</p>
          : q.data!.month === '' ? <p className="more-empty">{t('车型库中还没有车型。')}</p>
            : (
              <>
                <div className="chip-row" role="group" aria-label={t('收录月份')}>
                  <span className="chip-label">{t('月份')}</span>
                  {q.data!.months.map((m) => (
                    <button key={m.month} type="button" className={m.month === q.data!.month ? 'facet-value on' : 'facet-value'} aria-pressed={m.month === q.data!.month}
                      onClick={() => go(m.month, '')}>{monthText(m.month)}<span className="facet-count">{m.count}</span></button>
                  ))}
                </div>
                <div className="chip-row" role="group" aria-label={t('品牌')}>
                  <span className="chip-label">{t('品牌')}</span>
                  <button type="button" className={make === '' ? 'facet-value on' : 'facet-value'} aria-pressed={make === ''} onClick={() => go(q.data!.month, '')}>{t('全部')}</button>
                  {q.data!.makes.map((m) => (
                    <button key={m.make_name} type="button" className={make === m.make_name ? 'facet-value on' : 'facet-value'} aria-pressed={make === m.make_name}
                      onClick={() => go(q.data!.month, make === m.make_name ? '' : m.make_name)}>{m.make_name}<span className="facet-count">{m.count}</span></button>
                  ))}
                </div>
                <p className="muted" role="status">{monthText(q.data!.month)}{t('新收录')} {q.data!.vehicles.length} {t('个车型')}{make && `（${make}）`}</p>
                {q.data!.vehicles.length === 0 && <p className="more-empty">{t('这个月没有')}{make}{t('新收录的车型。')}</p>}
                <ul className="vehicle-list">
                  {q.data!.vehicles.map((v) => (
                    <li key={v.id} className="vehicle-card">
                      <strong>{v.make_name} {v.model}</strong>
                      <span className="muted">{v.factory_name} · {v.year_from}–{v.year_to}{t('款 ·')} {v.chassis}</span>
                      <span>{v.engine_code} {v.displacement} · {v.power_kw}kW · {v.transmission}</span>
                      <span className="muted">{t('收录于')} {formatChina(v.created_at, 'YYYY-MM-DD')} {t('· 配件')} {v.part_count} {t('个，')}{v.stocked_count} {t('个有货')}</span>
                      <Link to="/search/vehicle/subgroup" search={{ vehicle_id: v.id }} className="oil-offers">{t('查配件')} <i className="pi pi-angle-right" /></Link>
                    </li>
                  ))}
                </ul>
              </>
            )}
    </section>
  );
}
