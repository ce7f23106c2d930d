/** An invoice title in a dropdown (申请开票, 重新提交): its name is data, its kind and type in the page's language (docs/i18n.md). */
import type { InvoiceTitle } from '../../../shared/contracts';
import { INVOICE_TITLE_KIND_TEXT, INVOICE_TYPE_TEXT } from '../../../shared/domain/invoice';
import { useT, type Vars } from '../../i18n/lang';
import { dataSlot, withData } from '../../i18n/with-data';

export type TitleOption = { value: number; label: string; name: string; kind: string; type: string };

/** the options, each with its label (the dropdown's filter and screen readers) and its parts */
export const titleOptions = (t: (key: string, vars?: Vars) => string, titles: InvoiceTitle[]): TitleOption[] => titles.map((x) => {
  const kind = t(INVOICE_TITLE_KIND_TEXT[x.kind]);
  const type = t(INVOICE_TYPE_TEXT[x.invoice_type]);
  return { value: x.id, name: x.name, kind, type, label: t('{{title}}（{{kind}} · {{type}}）', { title: x.name, kind, type }) };
});

function TitleOptionText({ o }: { o: TitleOption }) {
  const t = useT();
  return <>{withData(t('{{title}}（{{kind}} · {{type}}）', { title: dataSlot(0), kind: o.kind, type: o.type }), [o.name])}</>;
}

export const titleOption = (o: TitleOption) => <TitleOptionText o={o} />;
