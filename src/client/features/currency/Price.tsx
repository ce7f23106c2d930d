import { useMoney } from './queries';

/** A price in fen, shown in the currency chosen in the top bar. */
export function Price({ fen }: { fen: number | null | undefined }) {
  const { format, currency } = useMoney();
  return <span className="price" data-currency={currency}>{format(fen)}</span>;
}
