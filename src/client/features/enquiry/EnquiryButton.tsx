import { useState } from 'react';
import { useRouteContext } from '@tanstack/react-router';
import { Button } from 'primereact/button';
import { ENQUIRY_CODES, type StockRow } from '../../../shared/contracts';
import { hasAnyPermission } from '../../../shared/domain/permissions';
import { useT } from '../../i18n/lang';
import { EnquiryDialog, type EnquirySeller } from './EnquiryDialog';

/** 向卖家询价 on OE results: the searched OE numbers as lines, the sellers found as the choice. */
export function EnquiryButton({ groups }: { groups: Array<{ oe_number: string; name: string; rows: StockRow[] }> }) {
  const t = useT();
  const { session } = useRouteContext({ from: '__root__' });
  const [open, setOpen] = useState(false);
  if (!hasAnyPermission(session.user?.permissions ?? [], ENQUIRY_CODES) || groups.length === 0) return null;
  const sellers = new Map<number, EnquirySeller>();
  for (const g of groups) for (const r of g.rows) if (!sellers.has(r.company_id)) sellers.set(r.company_id, { id: r.company_id, name: r.company_name, area: `${r.province}${r.city !== r.province ? r.city : ''}` });
  return (
    <>
      <Button type="button" label={t('向卖家询价')} icon="pi pi-comments" size="small" onClick={() => setOpen(true)} />
      {open && <EnquiryDialog lines={groups.slice(0, 50).map((g) => ({ oe: g.oe_number, name: g.name }))} sellers={[...sellers.values()]} onHide={() => setOpen(false)} />}
    </>
  );
}
