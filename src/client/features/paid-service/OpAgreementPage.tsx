/**
 * 服务协议 of the operator (/operation/pay/agreement, D05; docs/money.md#the-service-agreement):
 * publish a new version (each version is kept unchanged; every company accepts the new one before
 * its next recharge or purchase), the versions with how many companies accepted each, and who
 * accepted which version when (a declaration on the ListPage block).
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import type { AnswerOf, PayloadIn } from '../../../shared/contracts';
import { AGREEMENT_BODY_MAX, AGREEMENT_TITLE_MAX, PAID_SERVICE_OP_CODES } from '../../../shared/contracts/paid-service';
import { hasAnyPermission } from '../../../shared/domain/permissions';
import { formatChina } from '../../../shared/domain/china-time';
import { ApiError, OfflineError } from '../../api/request';
import { ListPage, type ListDef } from '../../ui/list/ListPage';
import type { ListSearch } from '../../ui/list/list-search';
import { Field } from '../../ui/form/Field';
import { useForm } from '../../ui/form/form';
import { pagingOf, text } from '../operation/list-payload';
import { opAcceptancesQuery, opAgreementsQuery, type serviceKeys } from './queries';
import { useAgreementPublish } from './mutations';
import '../../ui/form/form.css';
import './paid-service.css';

type Row = AnswerOf<'opAgreementAcceptances'>['data'][number];
const failure = (e: unknown) => (e instanceof OfflineError ? '当前离线，联网后再试' : e instanceof ApiError ? e.message : '暂时无法读取，请稍后再试');
const payloadOf = (s: ListSearch): PayloadIn<'opAgreementAcceptances'> => {
  const v = text(s, 'version');
  return { version: /^\d{1,6}$/.test(v) ? Number(v) : 0, company: text(s, 'company'), ...pagingOf(s) };
};

function Publish({ latest }: { latest: { title: string; body: string } | undefined }) {
  const write = useAgreementPublish();
  const form = useForm({ title: latest?.title ?? '汽配汇服务协议', body: latest?.body ?? '' }, { idPrefix: 'agreement-' });
  const [done, setDone] = useState('');
  const publish = () => {
    if (!window.confirm('发布后，所有企业须同意新版本后才能充值或购买服务。确定发布？')) return;
    void form.submit(write, { title: form.values.title, body: form.values.body }, (r) => setDone(`已发布第 ${r.version} 版`));
  };
  return (
    <section className="card" aria-label="发布新版本">
      <h2>发布新版本</h2>
      <form className="op-form" onSubmit={(e) => { e.preventDefault(); publish(); }}>
        <Field id="agreement-title" label="标题" required error={form.errors.title}>
          <InputText id="agreement-title" value={form.values.title} maxLength={AGREEMENT_TITLE_MAX} onChange={(e) => form.set('title', e.target.value)} />
        </Field>
        <Field id="agreement-body" label="正文" required error={form.errors.body} hint={`最多 ${AGREEMENT_BODY_MAX} 字`}>
          <InputTextarea id="agreement-body" rows={10} value={form.values.body} maxLength={AGREEMENT_BODY_MAX} onChange={(e) => form.set('body', e.target.value)} />
        </Field>
        {form.formError && <div className="form-error" role="alert">{form.formError}</div>}
        <Button type="submit" label="发布新版本" loading={form.busy} />
        {done && <p className="service-ok" role="status">{done}</p>}
      </form>
    </section>
  );
}

export function OpAgreementPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const { session } = useRouteContext({ from: '__root__' });
  const mayWrite = hasAnyPermission(session.user?.permissions ?? [], PAID_SERVICE_OP_CODES.write);
  const versions = useQuery(opAgreementsQuery());
  const def: ListDef<Row, ReturnType<typeof serviceKeys.opAcceptances>, AnswerOf<'opAgreementAcceptances'>> = {
    title: '同意记录',
    filters: [
      { name: 'company', label: '企业', type: 'text', width: '12rem', primary: true },
      { name: 'version', label: '版本', type: 'select', options: (versions.data?.data ?? []).map((a) => ({ value: String(a.version), label: `第 ${a.version} 版` })) },
    ],
    query: (s) => opAcceptancesQuery(payloadOf(s)),
    rowKey: (r) => r.company_id * 1_000_000 + r.version,
    rowLabel: (r) => r.company_name,
    columns: [
      { key: 'company', header: '企业', width: '13rem', cell: (r) => r.company_name },
      { key: 'version', header: '版本', width: '5rem', num: true, cell: (r) => `第 ${r.version} 版` },
      { key: 'user', header: '同意人', width: '8rem', cell: (r) => r.user_name },
      { key: 'at', header: '同意时间', width: '10rem', cell: (r) => formatChina(r.accepted_at, 'YYYY-MM-DD HH:mm:ss') },
    ],
    empty: (filtered) => (filtered ? '没有符合条件的记录，换个条件试试。' : '还没有企业同意服务协议。发布协议后，企业在充值或购买服务前同意，记录会列在这里。'),
  };
  return (
    <div className="op-service-page">
      <section className="card" aria-label="协议版本">
        <h2>服务协议</h2>
        {versions.isPending ? <p aria-busy="true">正在加载…</p> : versions.isError ? <p role="alert">{failure(versions.error)}</p>
          : versions.data.data.length === 0 ? <p>还没有发布服务协议：企业充值和购买服务时无需同意。{mayWrite ? '在下方发布第一个版本。' : ''}</p> : (
            <ul className="op-agreement-versions">
              {versions.data.data.map((a) => (
                <li key={a.version}>
                  <details>
                    <summary>第 {a.version} 版《{a.title}》 · {formatChina(a.published_at, 'YYYY-MM-DD HH:mm')} 发布 · {a.accepted} 家企业已同意{a === versions.data.data[0] ? '（当前版本）' : ''}</summary>
                    <div className="service-agreement-body">{a.body}</div>
                  </details>
                </li>
              ))}
            </ul>
          )}
      </section>
      {mayWrite && !versions.isPending && <Publish latest={versions.data?.data[0]} />}
      <ListPage def={def} search={search} onSearch={onSearch} />
    </div>
  );
}
