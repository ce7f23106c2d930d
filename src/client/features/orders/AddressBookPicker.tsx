/**
 * The address book at checkout: pick a saved 收货人 / 电话 / 地址 instead of typing it,
 * or save what was typed for next time. The default address fills an empty form on arrival.
 */
import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Dropdown } from 'primereact/dropdown';
import { Button } from 'primereact/button';
import type { Address } from '../../../shared/contracts';
import { errorText } from '../../ui/form/form';
import { addressListQuery } from '../address/queries';
import { useSaveAddress } from '../address/mutations';
import { useT } from '../../i18n/lang';

type Fields = { contact_name: string; contact_phone: string; address: string };

export function AddressBookPicker({ current, onPick }: { current: Fields; onPick: (a: Fields) => void }) {
  const t = useT();
  const q = useQuery(addressListQuery());
  const saveAddress = useSaveAddress();
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const filled = useRef(false);
  const book = q.data ?? [];

  // arriving with an empty form: the default address fills it once
  useEffect(() => {
    if (filled.current || !q.data) return;
    filled.current = true;
    const d = q.data.find((a) => a.is_default);
    if (d && !current.contact_name && !current.contact_phone && !current.address) onPick(d);
  }, [q.data, current, onPick]);

  const same = (a: Address) => a.contact_name === current.contact_name.trim() && a.contact_phone === current.contact_phone.trim() && a.address === current.address.trim();
  const saved = book.some(same);

  const save = async () => {
    setBusy(true);
    setStatus(null);
    try {
      await saveAddress.mutateAsync({ ...current, is_default: book.length === 0 });
      setStatus({ kind: 'ok', text: t('已保存到地址簿') });
    } catch (e) {
      setStatus({ kind: 'error', text: errorText(e) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="address-picker">
      {book.length > 0 && (
        <Dropdown inputId="address-book" value={null} options={book} placeholder={t('从地址簿选择（{{length}}）', { length: book.length })} aria-label={t('从地址簿选择')}
          itemTemplate={(a: Address) => <span>{a.is_default && <b className="muted">{t('[默认]')} </b>}{a.contact_name} {a.contact_phone} · {a.address}</span>}
          onChange={(e) => onPick(e.value as Address)} />
      )}
      {!saved && (current.contact_name || current.address) && (
        <Button type="button" size="small" text icon="pi pi-bookmark" label={t('保存到地址簿')} loading={busy} onClick={() => void save()} />
      )}
      {status && <span className={status.kind === 'ok' ? 'muted' : 'field-error'} role={status.kind === 'ok' ? 'status' : 'alert'}>{status.text}</span>}
    </div>
  );
}
