/**
 * 会员权限模板 (/operation/privilege/template, D07-02): per company level, the M/C codes a new
 * company's owner gets when it registers at that level, and the codes its owners gain when the
 * company is approved as a seller. Users that exist keep what they hold.
 */
import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import type { OpLevel } from '../../../../shared/contracts';
import { MEMBER_CODES, PERMISSION_LABELS } from '../../../../shared/domain/permissions';
import { errorText } from '../../../ui/form/form';
import { levelsQuery } from '../system/queries';
import { useSaveLevelCodes } from './mutations';
import '../operation.css';

type Kind = 'owner_codes' | 'seller_codes';
const SORTED_CODES = [...MEMBER_CODES].sort();
const KINDS: Array<{ kind: Kind; title: string; hint: string }> = [
  { kind: 'owner_codes', title: '新企业负责人的权限', hint: '企业在此等级注册开户时，负责人获得这些权限（至少一项）' },
  { kind: 'seller_codes', title: '成为卖家时增加的权限', hint: '此等级的企业入驻审核通过时，负责人在已有权限之外增加这些权限' },
];

export function CodeTemplatesPage() {
  const q = useQuery(levelsQuery());
  const levels = (q.data ?? []).filter((l) => !l.platform);
  const [levelId, setLevelId] = useState<number | null>(null);
  // registration starts every new company at the first free level that is not the trial: shown first
  const registered = levels.find((l) => l.level_type === 'free' && !l.is_trial);
  const level = levels.find((l) => l.id === levelId) ?? registered ?? levels[0];
  return (
    <section className="card">
      <div className="op-detail-head">
        <h2>会员权限模板</h2>
        <Dropdown value={level?.id ?? null} options={levels.map((l) => ({ value: l.id, label: l === registered ? `${l.name}（新注册企业）` : l.name }))} aria-label="会员等级"
          onChange={(e) => setLevelId(e.value as number)} placeholder="选择会员等级" />
      </div>
      {q.isError ? <p role="alert">{errorText(q.error)}</p> : !level ? <p aria-busy="true">正在加载…</p> : <TemplateEditor key={level.id} level={level} />}
    </section>
  );
}

/** One level's template, keyed by the level: a refetch of the list does not undo what is being edited. */
function TemplateEditor({ level }: { level: OpLevel }) {
  const saveCodes = useSaveLevelCodes();
  const [codes, setCodes] = useState<Record<Kind, string[]>>({ owner_codes: level.owner_codes, seller_codes: level.seller_codes });
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const key = useRef(crypto.randomUUID());
  const toggle = (kind: Kind, c: string) => {
    setStatus(null);
    setCodes((old) => ({ ...old, [kind]: old[kind].includes(c) ? old[kind].filter((x) => x !== c) : [...old[kind], c] }));
  };
  const save = async () => {
    if (codes.owner_codes.length === 0) return setStatus({ kind: 'error', text: '请至少选择一项负责人权限' });
    setBusy(true);
    try {
      const saved = await saveCodes.mutateAsync({ payload: { id: level.id, ...codes }, idempotencyKey: key.current });
      key.current = crypto.randomUUID();
      setStatus({ kind: 'ok', text: `“${saved.name}”的权限模板已保存：之后开户或审核通过的企业按此授权，已有用户不变` });
    } catch (e) {
      setStatus({ kind: 'error', text: errorText(e) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      {KINDS.map(({ kind, title, hint }) => (
        <fieldset key={kind} style={{ border: 0, padding: '0.5rem 0', margin: 0 }}>
          <legend><strong>{title}</strong>（{codes[kind].length} 项）</legend>
          <small className="muted">{hint}</small>
          <div className="op-actions">
            {SORTED_CODES.map((c) => (
              <label key={c} style={{ display: 'inline-flex', alignItems: 'center', gap: '0.3rem', minHeight: 40, minWidth: '11rem' }}>
                <input type="checkbox" style={{ width: 20, height: 20 }} checked={codes[kind].includes(c)} onChange={() => toggle(kind, c)}
                  aria-label={`${title}：${PERMISSION_LABELS[c] ?? c}`} />
                {PERMISSION_LABELS[c] ?? c} <small className="muted">{c}</small>
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      {/* kept in sight at the bottom of a tablet screen while ticking the long lists */}
      <div className="op-actions" style={{ position: 'sticky', bottom: 0, background: '#fff', padding: '0.5rem 0', borderTop: '1px solid #e2e8f0' }}>
        <Button label="保存模板" icon="pi pi-save" loading={busy} onClick={() => void save()} />
        {status && <p className={`op-status ${status.kind}`} role={status.kind === 'ok' ? 'status' : 'alert'} data-testid="op-status">{status.text}</p>}
      </div>
    </>
  );
}
