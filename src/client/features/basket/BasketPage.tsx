import { useState, type FormEvent } from 'react';
import { Link, useRouteContext } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { basketEndpoints, type BasketCartResult } from '../../../shared/contracts/basket';
import { fieldErrors } from '../../../shared/domain/field-errors';
import { normalizeOe } from '../../../shared/domain/oe';
import type { BasketItem } from '../../local/basket-store';
import { Price } from '../currency/Price';
import { basketListQuery } from './queries';
import { useBasketToCart, useBasketWrite, useRefetchBasketAfterReplay } from './mutations';
import './basket.css';

const EMPTY = { oe: '', name: '', quality: '', brand: '', qty: '1', note: '' };
type Draft = typeof EMPTY;

/**
 * 常购清单 (/basket, docs/basket-follows.md): the company's parts bought often, with the usual
 * quantity. Lines are added and changed here (offline too: kept on the device and sent when back
 * online); 一键加入购物车 puts the ticked lines into the cart at each part's best offer now and
 * names the ones nobody has (无货).
 */
export function BasketPage() {
  const user = useRouteContext({ from: '__root__', select: (c) => c.session.user })!;
  const q = useQuery(basketListQuery(user.uuid));
  const write = useBasketWrite();
  const toCart = useBasketToCart();
  useRefetchBasketAfterReplay();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const [status, setStatus] = useState('');
  const [problem, setProblem] = useState('');
  const [result, setResult] = useState<BasketCartResult | null>(null);
  const [busy, setBusy] = useState(false);

  const items = q.data?.items ?? [];
  const offline = q.data?.offline ?? false;

  const say = (outcome: 'sent' | 'queued', done: string) => setStatus(outcome === 'queued' ? `${done}（离线，联网后自动同步）` : done);
  const refused = (e: unknown) => setProblem(e instanceof Error ? e.message : String(e));

  const add = async (e: FormEvent) => {
    e.preventDefault();
    setProblem('');
    const payload = { key: crypto.randomUUID(), oe: draft.oe, name: draft.name, quality: draft.quality, brand: draft.brand, qty: draft.qty, note: draft.note };
    const found = fieldErrors(basketEndpoints.basketAdd.payload, payload);
    const twin = items.find((l) => l.oeNorm === normalizeOe(draft.oe));
    if (!found.oe && twin) found.oe = `常购清单中已有OE号 ${twin.oe}`;
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      say(await write('basketAdd', { ...payload, qty: Number(draft.qty) }), `已添加 ${draft.oe.trim()}`);
      setDraft(EMPTY);
    } catch (err) {
      refused(err);
    }
  };

  const change = async (line: BasketItem, patch: Partial<Pick<BasketItem, 'qty' | 'note'>>) => {
    setProblem('');
    const next = { ...line, ...patch };
    try {
      say(await write('basketUpdate', { key: line.key, oe: next.oe, name: next.name, quality: next.quality, brand: next.brand, qty: next.qty, note: next.note }), `已保存 ${line.oe}`);
    } catch (err) {
      refused(err);
    }
  };

  const remove = async (keys: string[]) => {
    setProblem('');
    try {
      say(await write('basketRemove', { keys }), `已删除 ${keys.length} 个配件`);
      setTicked((t) => new Set([...t].filter((k) => !keys.includes(k))));
    } catch (err) {
      refused(err);
    }
  };

  const putInCart = async () => {
    setBusy(true);
    setProblem('');
    setResult(null);
    try {
      setResult(await toCart(items.filter((l) => ticked.has(l.key)).map((l) => l.key)));
    } catch {
      // the request helper has shown why
    } finally {
      setBusy(false);
    }
  };

  const allTicked = items.length > 0 && items.every((l) => ticked.has(l.key));
  const toggle = (key: string) => setTicked((t) => {
    const n = new Set(t);
    if (n.has(key)) n.delete(key);
    else n.add(key);
    return n;
  });
  const field = (name: keyof Draft, label: string, props: { required?: boolean; inputMode?: 'numeric'; placeholder?: string } = {}) => (
    <label className="basket-field">
      <span>{label}{props.required && <em aria-hidden="true"> *</em>}</span>
      <input value={draft[name]} onChange={(e) => setDraft({ ...draft, [name]: e.target.value })} inputMode={props.inputMode} placeholder={props.placeholder}
        aria-invalid={errors[name] ? true : undefined} aria-describedby={errors[name] ? `basket-err-${name}` : undefined} />
      {errors[name] && <small id={`basket-err-${name}`} className="basket-error">{errors[name]}</small>}
    </label>
  );

  return (
    <div className="basket-page card">
      <header className="basket-head">
        <h2>常购清单{q.data && <small>（{items.length}）</small>}</h2>
        {offline && <span className="basket-offline" role="status"><i className="pi pi-wifi" aria-hidden="true" /> 离线：显示本机保存的清单，修改会在联网后同步</span>}
        <Link to="/follows" className="basket-aside">我的关注</Link>
      </header>

      <form className="basket-form" onSubmit={(e) => void add(e)} noValidate aria-label="添加常购配件">
        {field('oe', 'OE号', { required: true, placeholder: '如 04465-33450' })}
        {field('name', '配件名称')}
        {field('quality', '品质', { placeholder: '如 原厂件' })}
        {field('brand', '品牌', { placeholder: '可不填' })}
        {field('qty', '常用数量', { inputMode: 'numeric' })}
        {field('note', '备注')}
        <button type="submit" className="p-button p-component basket-add"><i className="pi pi-plus" aria-hidden="true" /> 添加</button>
      </form>

      {status && <p className="basket-status" role="status">{status}</p>}
      {problem && <p className="basket-problem" role="alert">{problem}</p>}

      {q.isPending ? <p aria-busy="true">正在加载常购清单…</p>
        : q.isError ? <p role="alert">{q.error.message}</p>
        : items.length === 0 ? (
          <div className="basket-empty">
            <i className="pi pi-list" aria-hidden="true" />
            <p>常购清单还是空的。在上方填写经常采购的配件的OE号和常用数量，以后勾选后一键加入购物车即可。</p>
          </div>
        ) : (
          <>
            <div className="basket-tools">
              <label className="basket-all"><input type="checkbox" checked={allTicked} onChange={() => setTicked(allTicked ? new Set() : new Set(items.map((l) => l.key)))} /> 全选</label>
              <button type="button" className="p-button p-component p-button-sm" disabled={ticked.size === 0 || offline || busy} onClick={() => void putInCart()}
                title={offline ? '离线时无法查询报价，联网后再试' : undefined}>
                <i className={busy ? 'pi pi-spinner pi-spin' : 'pi pi-cart-plus'} aria-hidden="true" /> 一键加入购物车{ticked.size > 0 ? `（${ticked.size}）` : ''}
              </button>
              <button type="button" className="p-button p-component p-button-sm p-button-outlined p-button-danger" disabled={ticked.size === 0} onClick={() => void remove([...ticked])}>删除所选</button>
            </div>
            {result && <CartOutcome result={result} />}
            <table className="basket-lines">
              <thead>
                <tr><th className="b-check" aria-label="勾选" /><th>OE号 / 名称</th><th className="b-want">品质 / 品牌</th><th className="b-qty">常用数量</th><th className="b-note">备注</th><th className="b-act">操作</th></tr>
              </thead>
              <tbody>
                {items.map((l) => (
                  <tr key={l.key}>
                    <td className="b-check"><input type="checkbox" checked={ticked.has(l.key)} onChange={() => toggle(l.key)} aria-label={`勾选 ${l.oe}`} /></td>
                    <td className="b-part"><strong>{l.oe}</strong>{l.name && <small>{l.name}</small>}</td>
                    <td className="b-want" data-label="品质 / 品牌">{[l.quality, l.brand].filter(Boolean).join(' / ') || <span className="muted">不限</span>}</td>
                    <td className="b-qty" data-label="常用数量">
                      <input key={`${l.key}-${l.qty}`} className="basket-qty" defaultValue={l.qty} inputMode="numeric" aria-label={`${l.oe} 常用数量`}
                        onBlur={(e) => { const n = Number(e.target.value); if (Number.isInteger(n) && n >= 1 && n !== l.qty) void change(l, { qty: n }); else e.target.value = String(l.qty); }} />
                    </td>
                    <td className="b-note" data-label="备注">
                      <input key={`${l.key}-${l.note}`} className="basket-note" defaultValue={l.note} aria-label={`${l.oe} 备注`} maxLength={100}
                        onBlur={(e) => { if (e.target.value.trim() !== l.note) void change(l, { note: e.target.value.trim() }); }} />
                    </td>
                    <td className="b-act"><button type="button" className="p-button p-component p-button-sm p-button-text p-button-danger" onClick={() => void remove([l.key])} aria-label={`删除 ${l.oe}`}>删除</button></td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
    </div>
  );
}

function CartOutcome({ result }: { result: BasketCartResult }) {
  return (
    <section className="basket-outcome" aria-label="加入购物车结果">
      {result.added.length > 0 && (
        <div className="basket-added" role="status">
          <strong>已加入购物车 {result.added.length} 种配件</strong> <Link to="/cart">去购物车</Link>
          <ul>{result.added.map((a) => <li key={a.key}>{a.oe} {a.name} × {a.qty}：{a.companyName} <Price fen={a.price} /></li>)}</ul>
        </div>
      )}
      {result.missing.length > 0 && (
        <div className="basket-missing" role="alert">
          <strong>以下 {result.missing.length} 种配件未加入购物车</strong>
          <ul>{result.missing.map((m) => <li key={m.key}>{m.name || m.oe}（{m.oe}）：{m.reason}</li>)}</ul>
        </div>
      )}
    </section>
  );
}
