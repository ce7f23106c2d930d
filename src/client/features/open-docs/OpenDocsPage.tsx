import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { OPEN_SCOPES, OPEN_SCOPE_LABELS } from '../../../shared/contracts/open';
import { OPEN_HEADERS, OPEN_WINDOW_SECONDS } from '../../../shared/domain/open-signature';
import { CANONICAL_LINES, curlExample, nodeExample } from './examples';
import { OPEN_API_CHANGES } from './changelog';
import { PARTNER_DOCUMENT, PARTNER_REFERENCE, partnerCallsQuery } from './queries';
import './open-docs.css';

const SECTIONS = [
  { id: 'about', title: '开放平台是什么' },
  { id: 'key', title: '获取密钥' },
  { id: 'sign', title: '签名调用' },
  { id: 'calls', title: '接口一览' },
  { id: 'scopes', title: '授权范围' },
  { id: 'errors', title: '错误码' },
  { id: 'limits', title: '频率限制' },
  { id: 'versions', title: '版本规则' },
  { id: 'changelog', title: '接口更新记录' },
] as const;

const ERRORS: Array<[string, string]> = [
  ['200', '成功，data 为应答内容'],
  ['401', '缺少签名头、密钥不存在或已停用、时间戳超出窗口、随机串重复使用、签名不符'],
  ['403', '密钥未获授权该接口所需的范围（或公司的会员等级已不再允许），或来源 IP 不在密钥的白名单中'],
  ['404', '不存在（单号不属于本公司也按不存在处理）'],
  ['409', '状态不允许该操作，如已发货的订单再次发货；msg 说明当前状态'],
  ['422', '参数有误：client_msg 以中文指明字段，field 为字段路径；未做任何更改'],
  ['429', '调用过频：按 Retry-After 头的秒数等待后重试'],
  ['500', '服务器错误：稍后重试；同一批次号的库存同步可安全重试'],
];

/** a block of code with a copy button */
function CodeBlock({ label, code }: { label: string; code: string }) {
  const [copied, setCopied] = useState(false);
  const copy = () => {
    void navigator.clipboard?.writeText(code).then(() => {
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    });
  };
  return (
    <figure className="open-code">
      <figcaption>
        <span>{label}</span>
        <button type="button" className="open-copy" onClick={copy} aria-label={`复制${label}`}>
          <i className={copied ? 'pi pi-check' : 'pi pi-copy'} aria-hidden="true" /> {copied ? '已复制' : '复制'}
        </button>
      </figcaption>
      <pre tabIndex={0}><code>{code}</code></pre>
    </figure>
  );
}

function PartnerCalls() {
  const { data, isPending, isError } = useQuery(partnerCallsQuery());
  if (isPending) return <p className="muted">正在读取接口列表…</p>;
  if (isError) return <p className="muted">接口列表暂时无法读取，请打开 <a href={PARTNER_REFERENCE}>接口参考</a> 查看。</p>;
  if (data.length === 0) return <p className="muted">暂无开放接口。</p>;
  return (
    <div className="open-table-scroll">
      <table className="open-table">
        <thead><tr><th scope="col">接口</th><th scope="col">方法与路径</th><th scope="col">授权范围</th></tr></thead>
        <tbody>
          {data.map((c) => (
            <tr key={c.operationId}>
              <td><strong>{c.summary}</strong><br /><code className="muted">{c.operationId}</code></td>
              <td><code>{c.method} {c.path}</code></td>
              <td>{c.scope ? <code>{c.scope}</code> : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** /open: the open platform's guide for partners' developers (docs/open-platform.md, "The document"). */
export function OpenDocsPage() {
  const origin = typeof location === 'undefined' ? 'https://www.qipeihub.cn' : location.origin;
  useEffect(() => {
    document.title = '开放平台 - 汽配汇';
  }, []);
  return (
    <div className="open-docs">
      <nav className="card open-toc" aria-label="本页目录">
        <strong>开放平台</strong>
        {SECTIONS.map((s) => <a key={s.id} href={`#${s.id}`}>{s.title}</a>)}
        <a className="open-toc-ref" href={PARTNER_REFERENCE} target="_blank" rel="noopener">完整接口参考 ↗</a>
      </nav>
      <article className="card open-body">
        <header className="open-hero">
          <h1>汽配汇开放平台</h1>
          <p>让您的 ERP、进销存或仓储系统直接与汽配汇对接：同步库存、读取公司信息、处理销售与采购订单，并通过事件通知实时获知新订单与状态变化。</p>
          <div className="open-actions">
            <a href="/open/controlPanel" className="p-button open-primary">申请密钥</a>
            <a href={PARTNER_REFERENCE} target="_blank" rel="noopener" className="p-button p-button-outlined">接口参考</a>
            <a href={PARTNER_DOCUMENT} download="qipeihub-open-api.json" className="p-button p-button-text">下载 OpenAPI 文档</a>
          </div>
        </header>

        <section id="about">
          <h2>开放平台是什么</h2>
          <p>开放平台是汽配汇为汽配企业提供的系统对接接口。每个接口都只读写密钥所属公司的数据；调用使用密钥签名，无需登录或换取令牌。</p>
          <ul>
            <li>地址：所有接口以 <code>/api/open/v1</code> 开头，使用 HTTPS 和 JSON（UTF-8）。</li>
            <li>应答统一为 <code>{'{code, msg, data}'}</code>：<code>code</code> 为 200 表示成功，<code>data</code> 为内容；出错时 <code>client_msg</code> 是可以直接展示的中文说明。</li>
            <li>金额一律为整数“分”，时间为 Unix 秒。</li>
          </ul>
        </section>

        <section id="key">
          <h2>获取密钥</h2>
          <ol>
            <li>公司负责人登录后打开 <a href="/open/controlPanel">开放平台控制台</a>，创建密钥并勾选需要的授权范围。</li>
            <li>记下密钥ID（<code>{OPEN_HEADERS.key}</code>）和密钥（secret）。<strong>密钥只在创建时显示一次</strong>，请保存在服务器端，切勿写进网页或 App。</li>
            <li>密钥泄露时立即在控制台停用并新建；停用后使用它的调用会被拒绝。</li>
          </ol>
        </section>

        <section id="sign">
          <h2>签名调用</h2>
          <p>每次调用都带四个请求头：</p>
          <div className="open-table-scroll">
            <table className="open-table">
              <tbody>
                <tr><th scope="row"><code>{OPEN_HEADERS.key}</code></th><td>密钥ID</td></tr>
                <tr><th scope="row"><code>{OPEN_HEADERS.timestamp}</code></th><td>当前 Unix 秒；与服务器时间相差超过 {OPEN_WINDOW_SECONDS} 秒的调用被拒绝</td></tr>
                <tr><th scope="row"><code>{OPEN_HEADERS.nonce}</code></th><td>每次不同的随机串，16–64 位字母、数字、<code>_</code> 或 <code>-</code>；重复使用被拒绝</td></tr>
                <tr><th scope="row"><code>{OPEN_HEADERS.signature}</code></th><td>签名：小写十六进制的 HMAC-SHA256(密钥, 待签名串)</td></tr>
              </tbody>
            </table>
          </div>
          <p>待签名串由以下五行以换行符 <code>\n</code> 连接（末尾没有换行）：</p>
          <ol className="open-steps">
            {CANONICAL_LINES.map(([name, text]) => <li key={name}><code>{name}</code>：{text}</li>)}
          </ol>
          <CodeBlock label="待签名串示例" code={'GET\n/api/open/v1/stock/search?keyword=abc\n1764300000\n3f9c0d2b7a6e4c1d8b5a2f0e9c7d6b1a\ne3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'} />
          <CodeBlock label="curl 示例" code={curlExample(origin)} />
          <CodeBlock label="Node.js 示例" code={nodeExample(origin)} />
          <p className="muted">常见错误：签名用的路径与实际请求不一致（少了查询串、编码不同）；POST 签名用的请求体与发送的字节不一致（重新序列化过 JSON）；服务器时钟不准。</p>
        </section>

        <section id="calls">
          <h2>接口一览</h2>
          <p>参数、应答字段和示例见 <a href={PARTNER_REFERENCE} target="_blank" rel="noopener">完整接口参考</a>。</p>
          <PartnerCalls />
        </section>

        <section id="scopes">
          <h2>授权范围</h2>
          <p>创建密钥时勾选；每个接口需要其中一项，密钥没有该项时返回 403。只勾选系统真正需要的范围。</p>
          <div className="open-table-scroll">
            <table className="open-table">
              <thead><tr><th scope="col">范围</th><th scope="col">允许</th></tr></thead>
              <tbody>{OPEN_SCOPES.map((s) => <tr key={s}><td><code>{s}</code></td><td>{OPEN_SCOPE_LABELS[s]}</td></tr>)}</tbody>
            </table>
          </div>
        </section>

        <section id="errors">
          <h2>错误码</h2>
          <p>HTTP 状态码与应答中的 <code>code</code> 一致。</p>
          <div className="open-table-scroll">
            <table className="open-table">
              <thead><tr><th scope="col">code</th><th scope="col">含义与处理</th></tr></thead>
              <tbody>{ERRORS.map(([code, text]) => <tr key={code}><td><code>{code}</code></td><td>{text}</td></tr>)}</tbody>
            </table>
          </div>
        </section>

        <section id="limits">
          <h2>频率限制</h2>
          <ul>
            <li>每个密钥有自己的调用额度：默认平均每秒 10 次，允许短时突发 60 次；另有按来源地址的总额度。</li>
            <li>超出时返回 429，请求头 <code>Retry-After</code> 给出需要等待的秒数；按它等待后重试，不要立即重发。</li>
            <li>批量同步库存请使用库存同步接口的批次，而不是逐条调用。</li>
          </ul>
        </section>

        <section id="versions">
          <h2>版本规则</h2>
          <p>当前版本为 <code>v1</code>，路径前缀 <code>/api/open/v1</code>。在 v1 内我们只做不会影响已对接系统的变更：</p>
          <ul>
            <li>新增接口、新增可选参数、新增请求头以外的可选能力；</li>
            <li>应答中新增字段（请忽略不认识的字段）；</li>
            <li>新增错误说明文字、放宽参数限制。</li>
          </ul>
          <p>删除或改名字段、改变字段类型或含义、新增必填参数、收紧校验，只会在新版本（如 <code>/api/open/v2</code>）中出现；旧版本在新版本发布后至少保留 12 个月，并提前通过站内消息通知。</p>
        </section>

        <section id="changelog">
          <h2>接口更新记录</h2>
          <ul className="open-changelog">
            {OPEN_API_CHANGES.map((c) => (
              <li key={c.version}>
                <strong>{c.version}</strong> <span className="muted">{c.date}</span>
                <ul>{c.changes.map((t) => <li key={t}>{t}</li>)}</ul>
              </li>
            ))}
          </ul>
        </section>
      </article>
    </div>
  );
}
