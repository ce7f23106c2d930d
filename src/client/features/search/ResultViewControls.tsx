import { useId, useRef } from 'react';
import { Button } from 'primereact/button';
import { OverlayPanel } from 'primereact/overlaypanel';
import { PRICE_LABELS, type PriceColumn } from '../../../shared/domain/prices';
import type { ChoosableColumn, Density, ResultView } from './result-view';
import { useT, mark } from '../../i18n/lang';

const DENSITIES: Array<[Density, string]> = [['compact', mark('紧凑')], ['comfortable', mark('舒适')]];
const OTHER_COLUMNS: Array<[ChoosableColumn, string]> = [['vehicle', mark('适用车型')], ['area', mark('地区')], ['contact', mark('联系方式')]];

/**
 * 紧凑 / 舒适 and 显示列 above a result table: the density of its rows and which of the price
 * columns, vehicles, area and contacts it shows (a hidden one is still in each row's detail).
 */
export function ResultViewControls({ view, onChange, priceColumns, omit = [] }: {
  view: ResultView; onChange: (patch: Partial<ResultView>) => void; priceColumns: readonly string[];
  /** columns the page's table never has */
  omit?: readonly string[];
}) {
  const t = useT();
  const panel = useRef<OverlayPanel>(null);
  const id = useId();
  const choosable: Array<[ChoosableColumn, string]> = [
    ...priceColumns.map((p): [ChoosableColumn, string] => [p as PriceColumn, PRICE_LABELS[p as PriceColumn]]),
    ...OTHER_COLUMNS.filter(([c]) => !omit.includes(c)),
  ];
  const shownCount = choosable.filter(([c]) => !view.hidden.includes(c)).length;
  const toggle = (c: ChoosableColumn, show: boolean) =>
    onChange({ hidden: show ? view.hidden.filter((h) => h !== c) : [...view.hidden.filter((h) => h !== c), c] });
  return (
    <span className="result-view">
      <span className="density-switch" role="radiogroup" aria-label={t('表格密度')}>
        {DENSITIES.map(([d, label]) => (
          <button key={d} type="button" role="radio" aria-checked={view.density === d} className={view.density === d ? 'active' : undefined}
            onClick={() => onChange({ density: d })}>{t(label)}</button>
        ))}
      </span>
      <Button type="button" size="small" outlined icon="pi pi-table" label={t('显示列 {{shownCount}}/{{length}}', { shownCount, length: choosable.length })} aria-haspopup="dialog" aria-controls={`${id}-cols`}
        onClick={(e) => panel.current?.toggle(e)} />
      <OverlayPanel ref={panel} id={`${id}-cols`} className="column-chooser" aria-label={t('显示列')}>
        <fieldset>
          <legend>{t('表格显示的列（隐藏的列在每行的详情里）')}</legend>
          {choosable.map(([c, label]) => (
            <label key={c}>
              <input type="checkbox" name={`col-${c}`} checked={!view.hidden.includes(c)} onChange={(e) => toggle(c, e.target.checked)} />
              {t(label)}
            </label>
          ))}
        </fieldset>
      </OverlayPanel>
    </span>
  );
}
