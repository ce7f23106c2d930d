import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { CUTOFF_RE, spotText } from '../../../shared/domain/spot';
import { errorText } from '../../ui/form/form';
import { spotSettingQuery } from './queries';
import { useSaveSpotSetting } from './mutations';

/**
 * 现货截单时间 (docs/spot-goods.md): the company's daily cut-off in China time; spot orders placed
 * before it ship today (今日发), after it tomorrow (明日发). Empty: no cut-off.
 */
export function SpotCutoffSetting({ onSaved, onRefused }: { onSaved: (text: string) => void; onRefused: (text: string) => void }) {
  const q = useQuery(spotSettingQuery());
  const save = useSaveSpotSetting();
  const [value, setValue] = useState('');
  useEffect(() => {
    if (q.data) setValue(q.data.cutoff);
  }, [q.data]);
  const submit = async () => {
    if (value !== '' && !CUTOFF_RE.test(value)) return onRefused(spotText.cutoff);
    try {
      const r = await save.mutateAsync({ cutoff: value });
      onSaved(r.cutoff ? `现货截单时间已设为 ${r.cutoff}（中国时间），之后的现货订单明日发` : '已取消现货截单时间，现货订单当天发');
    } catch (e) {
      onRefused(errorText(e));
    }
  };
  return (
    <span className="stock-cutoff">
      <label htmlFor="spot-cutoff">现货截单</label>
      <input id="spot-cutoff" type="time" className="p-inputtext p-component" value={value} onChange={(e) => setValue(e.target.value)}
        title="截单前的现货订单今日发，之后明日发；留空为不设置" disabled={q.isPending} />
      <Button type="button" label="保存" size="small" outlined onClick={() => void submit()} loading={save.isPending} />
    </span>
  );
}
