/**
 * 本月业绩 (/operation/encouragement/currentMonth, D10-05; docs/bonus.md): each seller's running
 * figures of this China month — completed orders' sales of rows marked in 业绩设置 for the buyer's
 * province, less completed refunds — with the band reached, the bonus so far and what is left to
 * the next band, under the rule in force.
 */
import { useQuery } from '@tanstack/react-query';
import type { AnswerOf, PayloadIn } from '../../../../shared/contracts';
import { bandText, bonusText, rateText } from '../../../../shared/domain/bonus';
import { yuan } from '../../../../shared/domain/money';
import { ListPage, type ListDef } from '../../../ui/list/ListPage';
import type { ListSearch } from '../../../ui/list/list-search';
import { pagingOf, text } from '../list-payload';
import { opBonusCurrentQuery, opBonusKeys } from './queries';
import '../operation.css';

type Answer = AnswerOf<'opBonusCurrentMonth'>;
type Row = Answer['data'][number];
const payloadOf = (s: ListSearch): PayloadIn<'opBonusCurrentMonth'> => ({ k: text(s, 'k'), ...pagingOf(s) });

export function BonusCurrentPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  // the list's own query (one request): the month, the rule and the totals above it
  const answer = useQuery(opBonusCurrentQuery(payloadOf(search))).data;
  const def: ListDef<Row, ReturnType<typeof opBonusKeys.current>, Answer> = {
    title: answer ? `本月业绩（${answer.month}）` : '本月业绩',
    filters: [{ name: 'k', label: '企业名称或ID', type: 'text', width: '12rem', primary: true }],
    query: (s) => opBonusCurrentQuery(payloadOf(s)),
    rowKey: (r) => r.company_id,
    rowLabel: (r) => r.company_name,
    columns: [
      { key: 'name', header: '卖家', width: '13rem', cell: (r) => <strong>{r.company_name}</strong> },
      { key: 'sales', header: '本月业绩销售额', width: '9rem', num: true, cell: (r) => yuan(r.sales_fen) },
      { key: 'band', header: '达到档位', width: '6rem', cell: (r) => (r.band === 0 ? '—' : `第${r.band}档 ${rateText(r.rate_bp)}`) },
      { key: 'bonus', header: '预计奖励', width: '8rem', num: true, cell: (r) => yuan(r.bonus_fen) },
      { key: 'next', header: '距下一档', width: '10rem', cell: (r) => (r.band === 0 ? '—' : r.to_next_fen === 0 ? '已达最高档' : `还差 ${yuan(r.to_next_fen)}（${rateText(r.next_rate_bp)}）`) },
      { key: 'orders', header: '订单数', width: '5rem', num: true, priority: 2, cell: (r) => r.order_count },
      { key: 'id', header: '企业ID', width: '5rem', num: true, priority: 2, cell: (r) => r.company_id },
    ],
    empty: (filtered) => (filtered ? '没有符合条件的卖家，换个名称或ID试试。' : '本月还没有卖家完成参与业绩的订单。卖家在库存的“业绩设置”里选择参与的商品和省份，订单完成后计入业绩。'),
  };
  return <ListPage def={def} search={search} onSearch={onSearch} status={answer && <RuleLine answer={answer} />} />;
}

function RuleLine({ answer }: { answer: Answer }) {
  return (
    <p className="op-status" data-testid="bonus-rule">
      {answer.bands ? `${answer.month} 奖励规则：${answer.bands.map(bandText).join('；')}` : `${answer.month} ${bonusText.none}：卖家的业绩照常统计，奖励为 0`}
      {`。合计销售额 ${yuan(answer.sales_total_fen)}，预计奖励 ${yuan(answer.bonus_total_fen)}`}
    </p>
  );
}
