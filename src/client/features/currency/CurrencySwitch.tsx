import { CURRENCIES } from '../../../shared/domain/currency';
import { useT } from '../../i18n/lang';
import { setCurrency, useCurrency } from './currency-store';
import { useVndRate } from './queries';

/** 越南盾 / 人民币 in the top bar; 越南盾 is offered only once the rate is known. */
export function CurrencySwitch() {
  const chosen = useCurrency();
  const rate = useVndRate();
  const t = useT();
  return (
    <span className="currency-switch" role="group" aria-label={t('显示币种')}>
      {CURRENCIES.map((c) => (
        <button key={c} type="button" className={chosen === c ? 'active' : ''} aria-pressed={chosen === c}
          disabled={c === 'VND' && !rate} title={c === 'VND' && rate ? t('1 人民币 = {{rate}} 越南盾', { rate }) : undefined} onClick={() => setCurrency(c)}>
          {t(c === 'VND' ? '越南盾' : '人民币')}
        </button>
      ))}
    </span>
  );
}
