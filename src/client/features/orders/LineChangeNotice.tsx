import { useEffect, type Dispatch, type SetStateAction } from 'react';
import { Button } from 'primereact/button';
import { Price } from '../currency/Price';
import { lineChanges, nextShown, type CheckoutDraft } from './checkout-draft';
import { useT, mark } from '../../i18n/lang';
import './line-changes.css';

type Lines = Parameters<typeof lineChanges>[1];

/**
 * The order form's watch on its lines (desktop and phone): remembers in the draft the price each
 * line was shown at, and answers what changed since then and how to accept the new prices.
 * `lines` is undefined while the cart is not loaded.
 */
export const useLineChanges = (draft: CheckoutDraft, setDraft: Dispatch<SetStateAction<CheckoutDraft>>, lines: Lines | undefined) => {
  useEffect(() => {
    if (!lines) return;
    setDraft((d) => {
      const shown = nextShown(d.shown, lines);
      return shown === d.shown ? d : { ...d, shown };
    });
  }, [lines, setDraft]);
  const changes = lines ? lineChanges(draft.shown, lines) : [];
  return {
    changes,
    /** a price other than the one shown waits for the buyer's 接受新价格 */
    priceChanged: changes.some((c) => c.was !== c.now),
    accept: () => setDraft((d) => ({ ...d, shown: nextShown(d.shown, lines ?? [], true) })),
  };
};

export const PRICE_NOT_ACCEPTED = mark('价格已变动，请先查看并接受新价格，再提交订单');

/** Which lines changed price or fell short of stock since the buyer looked, with 接受新价格. */
export function LineChangeNotice({ changes, onAccept, className }: { changes: ReturnType<typeof lineChanges>; onAccept: () => void; className: string }) {
  const t = useT();
  if (changes.length === 0) return null;
  return (
    <section className={className} role="alert" aria-label={t('价格或库存已变动')} data-testid="line-changes">
      <strong>{t('以下配件自您查看后发生了变动：')}</strong>
      <ul>
        {changes.map((c) => (
          <li key={c.id}>
            <span data-user-text>{c.label}</span>：
            {c.was !== c.now && <>{t('单价由')} {c.was === null ? t('无价格') : <Price fen={c.was} />} {t('变为')} {c.now === null ? t('无价格') : <Price fen={c.now} />}</>}
            {c.was !== c.now && c.shortOf !== null && '；'}
            {c.shortOf !== null && <>{t('库存仅剩')} {c.shortOf}{t('，请返回购物车修改数量')}</>}
          </li>
        ))}
      </ul>
      {changes.some((c) => c.was !== c.now) && <Button type="button" label={t('接受新价格')} icon="pi pi-check" severity="warning" onClick={onAccept} />}
    </section>
  );
}
