/**
 * Enquiries and quotes: the buyer's company owns its enquiries; a seller company sees
 * only the enquiries sent to it and only its own quotes. Every move goes through the state machine
 * of shared/domain/enquiry.ts on a locked row. A new quote is pushed to the buyer's open tabs after
 * commit ({type:'quoteCount'}), so the badge moves at once.
 */
import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, Clock, RequestContext } from '../../http/context';
import { AppError, forbidden, invalid } from '../../http/errors';
import { CART_CODES, ENQUIRY_CODES, QUOTE_CODES, ResultCode, SCENE_INQUIRY, SCENE_QUOTE, type EnquiryDetail, type EnquirySummary, type PayloadOut, type Quote } from '../../../shared/contracts';
import {
  availableEnquiryActions, checkEnquiryLines, effectiveState, ENQUIRY_OPEN_DAYS, enquiryStateText, enquiryTransition, mayQuote,
  DEFAULT_QUOTE_RULE, enquiryText, isNoStock, mayAccept, MAX_QUOTE_FEN, suggestedQuoteFen, type QuoteRule, NO_STOCK_PRICE, checkQuoteAmount, quotedText, quoteFate, type EnquiryAction, type EnquiryFacts,
} from '../../../shared/domain/enquiry';
import { msg } from '../../../shared/messages';
import { hasAnyPermission } from '../../../shared/domain/permissions';
import { inTransaction, unix } from '../../db/helpers';
import { enqueueWebhookEvent } from '../webhook/webhook.service';
import type { CartService } from '../cart/cart.service';
import type { ImService } from '../im/im.service';
import * as imRead from '../im/im.read';
import { quoteNotice } from '../im/notices';
import { firstForeignUpload } from '../upload/upload.service';
import { dongToFen } from '../../../shared/domain/currency';
import { quoteAllowance, takeQuote } from '../paid-service/quote-quota';
import { chinaDateTime, chinaDay } from '../../../shared/domain/china-time';
import type { WechatService } from '../wechat/wechat.service';
import * as repo from './enquiry.repo';

/** The enquiry a wanted post raises, written in the wanted post's transaction. */
export { byWanted, insertEnquiry, updateWantedEnquiry } from './enquiry.repo';

export const enquiryServiceText = {
  notFound: '询价单不存在',
  unknownSeller: '所选卖家不存在或不是卖家',
  chooseSellers: '请选择询价的卖家，或发到报价专区',
  zoneNeedsMake: '发到报价专区需要选择车型品牌',
  ownCompany: '不能向本公司询价',
  registeredCannotQuote: '注册会员无法报价和查看联系方式，请联系客服升级为正式会员',
  lineNotOfEnquiry: '询价行不属于这张询价单',
  quoteAccepted: '买家已采纳该报价，不能再修改',
  quoteNotFound: '报价不存在，请刷新后重试',
  noPartner: '聊天对象不存在或已停用',
  imageNotOurs: '图片不存在或不是本公司上传的，请重新上传',
  notYourself: '只能以自己的身份报价',
  chatQuoteNote: '卖家在聊天中报价',
  noCartRight: '没有采购权限，不能把报价加入购物车',
  wantedEditsThere: '这是求购生成的询价单，请在“我的求购”中修改',
};

const notFound = () => new AppError(ResultCode.notFound, 404, enquiryServiceText.notFound);

/** The rules as the page shows them, with when they were last saved (0: the defaults). */
const rulesShown = async (db: Kysely<DB>, companyId: number) =>
  ({ ...(await ruleOf(db, companyId)), updated_at: unix((await repo.ruleOf(db, companyId))?.updated_at ?? null) });

/** The company's 报价规则, or the defaults. */
const ruleOf = async (db: Kysely<DB>, companyId: number): Promise<QuoteRule> => {
  const r = await repo.ruleOf(db, companyId);
  return r ? { valid_days: r.valid_days, delivery_days: r.delivery_days, price_column: r.price_column, markup_pct: Number(r.markup_pct), round_to: r.round_to } : DEFAULT_QUOTE_RULE;
};

const facts = (e: repo.EnquiryRow): EnquiryFacts => ({ state: e.state, expiresAt: e.expires_at ? unix(e.expires_at) : null, quoteCount: e.quote_count });

const enquiryNo = (now: Date) => `XJ${now.toISOString().slice(0, 10).replace(/-/g, '')}${String(randomInt(0, 1e8)).padStart(8, '0')}`;

export interface EnquiryDeps {
  clock: Clock;
  push?: (userId: number, event: object) => void;
  /** where accepted quotes go (the cart's 临时产品 lines) */
  cart: Pick<CartService, 'addQuotes'>;
  /** chat: inquiry cards to the sellers asked, quote cards to the buyer */
  cards?: Pick<ImService, 'postCard' | 'postNotice'>;
  /** WeChat template messages: weChat-001 to the sellers asked, weChat-002 to the buyer (docs/wechat.md) */
  wechat?: Pick<WechatService, 'notify'>;
}

export const createEnquiryService = (deps: EnquiryDeps) => {
  const { clock } = deps;
  const nowS = () => Math.floor(clock.now().getTime() / 1000);

  const summary = (e: repo.EnquiryRow): EnquirySummary => {
    const state = effectiveState(facts(e), nowS());
    return {
      id: e.id, enquiry_no: e.enquiry_no, state, state_text: enquiryStateText(state, e.quote_count), buyer_company_name: e.buyer_company_name,
      make_name: e.make_name, first_line: e.first_line, line_count: e.line_count, quote_count: e.quote_count, zone: e.zone, wanted_id: e.wanted_id,
      created_at: unix(e.created_at), expires_at: e.expires_at ? unix(e.expires_at) : 0,
    };
  };

  const quoteOf = (q: repo.QuoteRow, e: repo.EnquiryRow): Quote => ({
    id: q.id, line_id: q.line_id, seller_company_id: q.seller_company_id, seller_name: q.seller_name, seller_area: q.seller_area,
    price_fen: q.price_fen, currency: q.currency, quoted_amount: Number(q.quoted_amount), rate: q.rate === null ? 0 : Number(q.rate), brand: q.brand, quality: q.quality, qty: q.qty, delivery_days: q.delivery_days,
    valid_until: unix(q.valid_until), note: q.note,
    fate: quoteFate({ accepted: q.accepted, validUntil: unix(q.valid_until) }, effectiveState(facts(e), nowS()), nowS()),
    updated_at: unix(q.updated_at),
  });

  const detail = async (db: Kysely<DB>, e: repo.EnquiryRow, side: 'buyer' | { seller: number }): Promise<EnquiryDetail> => {
    const [lines, quotes, recipients] = await Promise.all([
      repo.lines(db, e.id), repo.quotesOf(db, e.id, side === 'buyer' ? undefined : side.seller), repo.recipients(db, e.id),
    ]);
    return {
      ...summary(e), make_id: e.make_id, vin: e.vin, note: e.note, img_infos: e.img_infos ?? [], lines, quotes: quotes.map((q) => quoteOf(q, e)),
      recipients: side === 'buyer' ? recipients : recipients.filter((r) => r.id === side.seller),
      actions: side === 'buyer' ? availableEnquiryActions(facts(e), nowS()) : [],
    };
  };

  /**
   * An open enquiry sent to chosen sellers appears in each seller's chat as one inquiry card per
   * line, from the buyer to the company's chat contact (requirements 001-3). Zone enquiries have no recipients:
   * sellers find them in 报价专区.
   */
  const postInquiryCards = async (trx: Kysely<DB>, e: repo.EnquiryRow, ctx?: Pick<RequestContext, 'afterCommit'>,
    /** after an edit: the changed lines to every recipient, every line to recipients added now */
    edit?: { lineIds: number[]; sellerIds: number[]; tag: string }) => {
    if (!deps.cards || !ctx) return;
    const [lines, recipients] = await Promise.all([repo.lines(trx, e.id), repo.recipients(trx, e.id)]);
    for (const r of recipients) {
      const contact = await imRead.companyContact(trx, r.id);
      if (!contact) continue;
      for (const l of lines) {
        if (edit && !edit.sellerIds.includes(r.id) && !edit.lineIds.includes(l.id)) continue;
        await deps.cards.postCard(trx, {
          from: e.buyer_user_id, to: contact.id, clientMsgId: `inq-${e.id}-${l.id}-${r.id}${edit ? `-${edit.tag}` : ''}`,
          content: {
            SceneCode: SCENE_INQUIRY,
            BusinessInfo: {
              产品名称: l.name, 产品编码: l.oe, 产品品质: l.quality, 产品数量: String(l.qty), 单号: e.enquiry_no,
              ...(e.make_name ? { 车型品牌: e.make_name } : {}), ...(e.vin ? { VIN: e.vin } : {}),
            },
            LinkData: { QHId: e.id, lineId: l.id, link: `/backend/quote/${e.id}` },
          },
        }, ctx);
      }
    }
  };

  /** What the buyer filled in, checked whole before anything is written: the clean lines and images, or the first problem by field. */
  const checkForm = async (db: Kysely<DB>, caller: Caller, p: Omit<PayloadOut<'enquiryAdd'>, 'send'>) => {
    const checked = checkEnquiryLines(p.lines);
    if (!checked.ok) {
      if (checked.form) throw invalid('lines', checked.form);
      const i = checked.lines.findIndex((l) => Object.keys(l).length > 0);
      const [field, text] = Object.entries(checked.lines[i])[0];
      throw invalid(`lines.${i}.${field}`, `第${i + 1}行：${text}`);
    }
    if (p.seller_ids.length === 0 && !p.zone) throw invalid('seller_ids', enquiryServiceText.chooseSellers);
    if (p.zone && p.make_id === null) throw invalid('make_id', enquiryServiceText.zoneNeedsMake);
    if (p.seller_ids.includes(caller.companyId)) throw invalid('seller_ids', enquiryServiceText.ownCompany);
    const sellers = await repo.sellersExist(db, p.seller_ids);
    if (sellers.length !== p.seller_ids.length) throw invalid('seller_ids', enquiryServiceText.unknownSeller);
    if (p.make_id !== null && !(await repo.makeExists(db, p.make_id))) throw invalid('make_id', msg.chooseCarBrand);
    const images = [...new Set(p.img_infos)];
    const foreign = await firstForeignUpload(db, caller.companyId, images);
    if (foreign >= 0) throw invalid(`img_infos.${foreign}`, enquiryServiceText.imageNotOurs);
    return { lines: checked.lines, images };
  };

  const ownEnquiry = async (db: Kysely<DB>, caller: Caller, id: number, forUpdate = false) => {
    const e = await repo.byId(db, id, forUpdate);
    if (!e) throw notFound();
    if (e.buyer_company_id !== caller.companyId) throw forbidden(msg.otherCompany);
    return e;
  };

  /**
   * enquiry.received for the sellers it was sent to, in the sending transaction (docs/open-platform.md, "Webhooks"),
   * and weChat-001 to each seller's contact (the user its inquiry cards go to; docs/wechat.md)
   */
  const hookSent = async (trx: Kysely<DB>, e: repo.EnquiryRow, ctx?: Pick<RequestContext, 'afterCommit'>) => {
    const sellers = await repo.recipients(trx, e.id);
    await enqueueWebhookEvent(trx, { event: 'enquiry.received', companyIds: sellers.map((r) => r.id), at: clock.now(),
      data: { enquiry_id: e.id, enquiry_no: e.enquiry_no, buyer_company_id: e.buyer_company_id } }, ctx);
    if (!deps.wechat) return;
    const contacts = (await Promise.all(sellers.map((r) => imRead.companyContact(trx, r.id)))).flatMap((c) => (c ? [c.id] : []));
    await deps.wechat.notify(trx, {
      scene: 'weChat-001', userIds: contacts, link: `/backend/quote/${e.id}`, ref_no: e.enquiry_no,
      values: {
        enquiry_no: e.enquiry_no, buyer: e.buyer_company_name, time: chinaDateTime(clock.now()),
        parts: e.line_count > 1 ? `${e.first_line} 等${e.line_count}种` : e.first_line,
      },
    }, ctx);
  };

  /** A buyer's move on a locked row; delete removes the enquiry (its lines, recipients and quotes go with it). */
  const apply = (db: Kysely<DB>, caller: Caller, id: number, action: EnquiryAction, ctx?: Pick<RequestContext, 'afterCommit'>) =>
    inTransaction(db, async (trx) => {
      const e = await ownEnquiry(trx, caller, id, true);
      const m = enquiryTransition(facts(e), action, nowS());
      if (!m.ok) throw new AppError(ResultCode.conflict, 409, m.reason);
      const now = clock.now();
      if (action === 'delete') {
        await repo.remove(trx, e.id);
        return null;
      }
      await repo.setState(trx, e.id, m.to, now, m.to === 'open' ? new Date(now.getTime() + ENQUIRY_OPEN_DAYS * 86_400_000) : undefined);
      const after = (await repo.byId(trx, e.id))!;
      if (action === 'send') await postInquiryCards(trx, after, ctx);
      if (action === 'send') await hookSent(trx, after, ctx);
      return detail(trx, after, 'buyer');
    });
  const move = (action: Exclude<EnquiryAction, 'delete' | 'update'>) => async (db: Kysely<DB>, caller: Caller, id: number, ctx?: Pick<RequestContext, 'afterCommit'>) =>
    (await apply(db, caller, id, action, ctx))!;

  return {
    async add(db: Kysely<DB>, caller: Caller, p: PayloadOut<'enquiryAdd'>, ctx?: Pick<RequestContext, 'afterCommit'>) {
      const { lines, images } = await checkForm(db, caller, p);
      const now = clock.now();
      return inTransaction(db, async (trx) => {
        const id = await repo.insertEnquiry(trx, {
          no: enquiryNo(now), company: caller.companyId, user: caller.userId, state: p.send ? 'open' : 'draft', make_id: p.make_id,
          vin: p.vin, note: p.note, at: now, expires: p.send ? new Date(now.getTime() + ENQUIRY_OPEN_DAYS * 86_400_000) : null, zone: p.zone, img_infos: images,
        }, lines, p.seller_ids);
        const e = (await repo.byId(trx, id))!;
        if (p.send) await postInquiryCards(trx, e, ctx);
        if (p.send) await hookSent(trx, e, ctx);
        return detail(trx, e, 'buyer');
      });
    },

    /**
     * 修改: a draft, or an open enquiry no seller has answered yet (the state machine's update).
     * Lines keep their ids by position, so cards already in sellers' chats still point at the
     * right line; the sellers of an open one get the changed lines as new inquiry cards. A wanted
     * request's enquiry changes only with its request (updateAsktobuy), so the two never disagree.
     */
    async update(db: Kysely<DB>, caller: Caller, p: PayloadOut<'enquiryUpdate'>, ctx?: Pick<RequestContext, 'afterCommit'>) {
      const { lines, images } = await checkForm(db, caller, p);
      return inTransaction(db, async (trx) => {
        const e = await ownEnquiry(trx, caller, p.id, true);
        if (e.wanted_id !== null) throw new AppError(ResultCode.conflict, 409, enquiryServiceText.wantedEditsThere);
        const m = enquiryTransition(facts(e), 'update', nowS());
        if (!m.ok) throw new AppError(ResultCode.conflict, 409, m.reason);
        const changed = await repo.updateEnquiry(trx, e.id, { make_id: p.make_id, vin: p.vin, note: p.note, zone: p.zone, img_infos: images }, lines, p.seller_ids);
        const after = (await repo.byId(trx, e.id))!;
        if (after.state === 'open') await postInquiryCards(trx, after, ctx, { lineIds: changed.lineIds, sellerIds: changed.newSellers, tag: `u${clock.now().getTime()}` });
        return detail(trx, after, 'buyer');
      });
    },

    /**
     * getIMQuoteHisgoryById: every answer given on one enquiry (hid is the card's QHId), each with
     * what it replaced. The buyer's company sees every seller's; a seller only its own, and only on
     * an enquiry it may see.
     */
    async historyById(db: Kysely<DB>, caller: Caller, hid: number) {
      const e = await repo.byId(db, hid);
      if (!e || e.state === 'draft') throw notFound();
      const buyer = e.buyer_company_id === caller.companyId;
      if (!buyer && !(hasAnyPermission(caller.permissions, QUOTE_CODES) && (await repo.mayView(db, hid, caller.companyId)))) throw notFound();
      return (await repo.historyOfEnquiry(db, hid, buyer ? undefined : caller.companyId))
        .map((r) => ({ ...r, quote_date: unix(r.quote_date), quoted_amount: Number(r.quoted_amount) }));
    },

    async list(db: Kysely<DB>, caller: Caller, p: PayloadOut<'enquiryList'>) {
      const { rows, total } = await repo.listOfBuyer(db, caller.companyId, p.state, clock.now(), (p.page_number - 1) * p.page_size, p.page_size);
      return { data: rows.map(summary), total };
    },

    async detail(db: Kysely<DB>, caller: Caller, id: number) {
      const e = await ownEnquiry(db, caller, id);
      if (e.unseen_quotes > 0) await repo.markSeen(db, e.id);
      return detail(db, e, 'buyer');
    },

    send: move('send'),
    end: move('end'),
    cancel: move('cancel'),
    anew: move('anew'),
    remove: async (db: Kysely<DB>, caller: Caller, id: number) => {
      await apply(db, caller, id, 'delete');
    },

    /**
     * 采纳: the buyer takes quotes on its own enquiries into the cart as 临时产品 lines. All or
     * nothing: one quote that may not be taken (another company's, 无货, expired, its enquiry
     * cancelled) refuses the whole call and says which.
     */
    accept: (db: Kysely<DB>, caller: Caller, p: PayloadOut<'quoteAccept'>) =>
      inTransaction(db, async (trx) => {
        if (!hasAnyPermission(caller.permissions, CART_CODES)) throw forbidden(enquiryServiceText.noCartRight);
        const rows = await repo.quotesForAccept(trx, p.quote_ids);
        if (rows.length !== p.quote_ids.length) throw new AppError(ResultCode.notFound, 404, enquiryServiceText.quoteNotFound);
        for (const q of rows) {
          if (q.buyer_company_id !== caller.companyId) throw forbidden(enquiryText.notYours);
          const state = effectiveState({ state: q.state, expiresAt: q.expires_at ? unix(q.expires_at) : null, quoteCount: q.quote_count }, nowS());
          const may = mayAccept({ accepted: q.accepted, validUntil: unix(q.valid_until), priceFen: q.price_fen }, state, nowS());
          if (!may.ok) throw new AppError(ResultCode.conflict, 409, may.reason);
        }
        const added = await deps.cart.addQuotes(trx, caller, rows.map((q) => ({ id: q.id, qty: Math.min(q.line_qty, q.qty > 0 ? q.qty : q.line_qty) })));
        await repo.markAccepted(trx, rows.map((q) => q.id));
        return { added, already: rows.length - added };
      }),

    /**
     * What the caller may read of these enquiries, for their translated lines (docs/i18n.md,
     * "Translated lines"): the lines' names, the enquiry's note and the quotes' notes; the buyer
     * reads every quote, a seller its own. An enquiry the caller may not read is 404, as its page.
     */
    async readableTexts(db: Kysely<DB>, caller: Caller, ids: number[]) {
      const texts: string[] = [];
      for (const id of ids) {
        const e = await repo.byId(db, id);
        if (!e) throw notFound();
        const buyer = e.buyer_company_id === caller.companyId;
        // the rights of the pages that show these texts: the buyer's enquiry pages (C07/C08), the
        // seller's quote pages (M10/M12)
        if (buyer && !hasAnyPermission(caller.permissions, ENQUIRY_CODES)) throw notFound();
        if (!buyer && (e.state === 'draft' || !hasAnyPermission(caller.permissions, QUOTE_CODES) || !(await repo.mayView(db, id, caller.companyId)))) throw notFound();
        const [lines, quotes] = await Promise.all([repo.lines(db, id), repo.quotesOf(db, id, buyer ? undefined : caller.companyId)]);
        texts.push(e.note, ...lines.map((l) => l.name), ...quotes.map((q) => q.note));
      }
      return texts;
    },

    async quoteCount(db: Kysely<DB>, caller: Caller) {
      return { count: await repo.unseenOfCompany(db, caller.companyId) };
    },

    async center(db: Kysely<DB>, caller: Caller, p: PayloadOut<'quoteCenter'>) {
      const { rows, total } = await repo.listOfSeller(db, caller.companyId, p.scope, p.state, clock.now(), (p.page_number - 1) * p.page_size, p.page_size,
        { makeId: p.make_id, keyword: p.keyword });
      // the zone needs main makes: say so rather than show an empty list that cannot fill
      const zone_makes = p.scope === 'zone' ? (await repo.mainMakes(db, caller.companyId)).length : 0;
      return { data: rows.map(summary), total, zone_makes };
    },

    async sellerView(db: Kysely<DB>, caller: Caller, id: number) {
      const e = await repo.byId(db, id);
      if (!e || e.state === 'draft' || !(await repo.mayView(db, id, caller.companyId))) throw notFound();
      return detail(db, e, { seller: caller.companyId });
    },

    async mine(db: Kysely<DB>, caller: Caller, p: PayloadOut<'quoteMine'>) {
      const { rows, total } = await repo.quotesOfSeller(db, caller.companyId, (p.page_number - 1) * p.page_size, p.page_size);
      return {
        data: rows.map((r) => {
          const e = { state: r.e_state, expires_at: r.e_expires, quote_count: r.e_quotes } as repo.EnquiryRow;
          return { ...quoteOf(r, e), enquiry_id: r.enquiry_id, enquiry_no: r.enquiry_no, buyer_company_name: r.buyer_company_name, line_text: r.line_text, line_name: r.line_name, line_qty: r.line_qty };
        }),
        total,
      };
    },

    async history(db: Kysely<DB>, caller: Caller, oe: string) {
      return (await repo.historyByOe(db, caller.companyId, oe)).map((r) => ({ ...r, quote_date: unix(r.quote_date), brand_name: '' }));
    },

    async myProduct(db: Kysely<DB>, caller: Caller, oe: string) {
      const p = await repo.myProductByOe(db, caller.companyId, oe);
      if (!p) return null;
      const rule = await ruleOf(db, caller.companyId);
      return { stock_id: p.stock_id, brand: p.brand, quality: p.quality, qty: p.qty, price0: p.price0, suggested_fen: suggestedQuoteFen(p, rule) };
    },

    rules: (db: Kysely<DB>, caller: Caller) => rulesShown(db, caller.companyId),

    async saveRules(db: Kysely<DB>, caller: Caller, p: PayloadOut<'quoteRulesSave'>) {
      await repo.saveRule(db, caller.companyId, caller.userId, p, clock.now());
      return rulesShown(db, caller.companyId);
    },

    /**
     * sendIMQuoteMsg: a seller quotes in chat with no enquiry behind it. The quote needs a line to
     * answer and a buyer to accept it, so one enquiry of one line is recorded for the chat partner's
     * company, addressed to the seller only and noted 卖家在聊天中报价; then it is an ordinary quote
     * (its card, acceptance, cart and order). The partner sees it in 我的询价.
     */
    async chatQuote(db: Kysely<DB>, caller: Caller, p: PayloadOut<'sendIMQuoteMsg'>, ctx?: Pick<RequestContext, 'afterCommit'>) {
      if (p.uuid && p.uuid.toLowerCase() !== (await imRead.userById(db, caller.userId))?.uuid) throw forbidden(enquiryServiceText.notYourself);
      const to = await imRead.userByUuid(db, p.msg_to_uuid);
      if (!to || !to.active) throw new AppError(ResultCode.notFound, 404, enquiryServiceText.noPartner);
      if (to.company_id === caller.companyId) throw invalid('msg_to_uuid', enquiryText.ownEnquiry);
      const noStock = p.price === NO_STOCK_PRICE;
      const checked = checkEnquiryLines([{ oe: p.oe_number, name: p.product_name, qty: p.product_qty, quality: '不限' }]);
      if (!checked.ok) {
        const [field, text] = Object.entries(checked.lines[0] ?? {})[0] ?? ['oe', checked.form ?? enquiryText.lineNeedsPart];
        throw invalid(field === 'oe' ? 'oe_number' : field === 'name' ? 'product_name' : 'product_qty', text);
      }
      return inTransaction(db, async (trx) => {
        const now = clock.now();
        const id = await repo.insertEnquiry(trx, {
          no: enquiryNo(now), company: to.company_id, user: to.id, state: 'open', make_id: null, vin: '', note: enquiryServiceText.chatQuoteNote,
          at: now, expires: new Date(now.getTime() + ENQUIRY_OPEN_DAYS * 86_400_000),
        }, checked.lines, [caller.companyId]);
        const line = (await repo.lines(trx, id))[0];
        const quote = await this.submit(trx, caller, {
          enquiry_id: id, line_id: line.id, price: noStock ? null : p.price, no_stock: noStock, currency: 'CNY', brand: p.brand_name_new,
          quality: p.quality_name_new, qty: p.product_qty, delivery_days: 0, valid_days: (await ruleOf(trx, caller.companyId)).valid_days, note: '',
        }, ctx);
        return { enquiry_id: id, quote };
      });
    },

    /** Today's quotes: used, free left, bought left (docs/money.md#paid-services). */
    allowance: (db: Kysely<DB>, caller: Caller) => quoteAllowance(db, caller.companyId, chinaDay(clock.now())),

    async submit(db: Kysely<DB>, caller: Caller, p: PayloadOut<'quoteSubmit'>, ctx?: Pick<RequestContext, 'afterCommit'>) {
      const typed = p.no_stock ? { ok: true as const, fen: NO_STOCK_PRICE } : checkQuoteAmount(p.price, p.currency);
      if (!typed.ok) throw invalid('price', typed.message);
      // a VND quote is converted once, at today's rate, and keeps both: the buyer pays what was quoted
      const rate = p.currency === 'VND' && !p.no_stock ? await repo.vndRate(db) : null;
      if (p.currency === 'VND' && !p.no_stock && rate === null) throw invalid('currency', enquiryText.noRate);
      const price = { fen: rate === null ? typed.fen : dongToFen(typed.fen, rate) };
      if (rate !== null && price.fen < 1) throw invalid('price', enquiryText.badDong);
      if (price.fen > MAX_QUOTE_FEN) throw invalid('price', enquiryText.priceTooHigh);
      if ((await repo.levelTypeOf(db, caller.companyId)) === 'free') throw forbidden(enquiryServiceText.registeredCannotQuote);
      return inTransaction(db, async (trx) => {
        const e = await repo.byId(trx, p.enquiry_id, true);
        if (e && e.buyer_company_id === caller.companyId) throw invalid('enquiry_id', enquiryText.ownEnquiry);
        if (!e || e.state === 'draft' || !(await repo.mayView(trx, e.id, caller.companyId))) throw notFound();
        const may = mayQuote(facts(e), nowS(), caller.companyId, e.buyer_company_id);
        if (!may.ok) throw new AppError(ResultCode.conflict, 409, may.reason);
        if (!(await repo.lineOf(trx, e.id, p.line_id))) throw invalid('line_id', enquiryServiceText.lineNotOfEnquiry);
        const now = clock.now();
        // pricing a line the company had not priced takes one of the day's quotes (docs/money.md#paid-services);
        // 无货 and a change of a given price are free; refused, the transaction changes nothing
        const before = await repo.priceBefore(trx, p.line_id, caller.companyId);
        if (!isNoStock(price.fen) && (before === undefined || isNoStock(before))) await takeQuote(trx, caller.companyId, chinaDay(now));
        const saved = await repo.upsertQuote(trx, {
          enquiry_id: e.id, line_id: p.line_id, seller_company_id: caller.companyId, seller_user_id: caller.userId, price_fen: price.fen,
          brand: p.brand, quality: p.quality, qty: p.qty, delivery_days: p.delivery_days,
          valid_until: new Date(now.getTime() + p.valid_days * 86_400_000), note: p.note, at: now,
          currency: rate === null ? 'CNY' : 'VND', quoted_amount: typed.fen, rate,
        });
        if (!saved) throw new AppError(ResultCode.conflict, 409, enquiryServiceText.quoteAccepted);
        await enqueueWebhookEvent(trx, { event: 'quote.received', companyIds: [e.buyer_company_id], at: now,
          data: { enquiry_id: e.id, enquiry_no: e.enquiry_no, line_id: p.line_id, quote_id: saved.id, seller_company_id: caller.companyId } }, ctx);
        if (deps.wechat) {
          const line = (await repo.lines(trx, e.id)).find((l) => l.id === p.line_id)!;
          const seller = (await trx.selectFrom('company').select('name').where('id', '=', caller.companyId).executeTakeFirstOrThrow()).name;
          await deps.wechat.notify(trx, {
            scene: 'weChat-002', userIds: [e.buyer_user_id], link: `/enquiry/list/${e.id}`, ref_no: e.enquiry_no,
            values: {
              enquiry_no: e.enquiry_no, seller, part: line.name || line.oe, time: chinaDateTime(now),
              price: quotedText({ price_fen: price.fen, currency: rate === null ? 'CNY' : 'VND', quoted_amount: typed.fen }),
            },
          }, ctx);
        }
        // the answer reaches the buyer's chat as a quote card (requirements 001-3, weChat-002)
        if (deps.cards && ctx) {
          const line = (await repo.lines(trx, e.id)).find((l) => l.id === p.line_id)!;
          await deps.cards.postCard(trx, {
            from: caller.userId, to: e.buyer_user_id, clientMsgId: `quo-${saved.id}-${now.getTime()}`,
            content: {
              SceneCode: SCENE_QUOTE,
              BusinessInfo: {
                产品名称: line.name, 产品编码: line.oe, 产品品牌: p.brand, 产品品质: p.quality,
                产品数量: isNoStock(price.fen) ? '无货' : String(p.qty || line.qty), 产品报价: quotedText({ price_fen: price.fen, currency: rate === null ? 'CNY' : 'VND', quoted_amount: typed.fen }), 单号: e.enquiry_no,
              },
              LinkData: { QHId: e.id, lineId: line.id, quoteId: saved.id, link: `/enquiry/list/${e.id}` },
            },
          }, ctx);
          // and the message assistant tells the buyer (requirements 001-9), once per answer given
          const seller = await trx.selectFrom('company').select('name').where('id', '=', caller.companyId).executeTakeFirstOrThrow();
          await deps.cards.postNotice(trx, { to: [e.buyer_user_id], ...quoteNotice({
            quote_id: saved.id, at: now.getTime(), enquiry_id: e.id, enquiry_no: e.enquiry_no, part: line.name || line.oe, seller_name: seller.name,
            price: quotedText({ price_fen: price.fen, currency: rate === null ? 'CNY' : 'VND', quoted_amount: typed.fen }),
            fen: price.fen, dong: rate === null || isNoStock(price.fen) ? null : typed.fen,
          }) }, ctx);
        }
        const buyers = await repo.usersOf(trx, e.buyer_company_id);
        const count = await repo.unseenOfCompany(trx, e.buyer_company_id);
        ctx?.afterCommit?.(() => {
          for (const u of buyers) deps.push?.(u, { type: 'quoteCount', count });
        });
        return quoteOf((await repo.quoteById(trx, saved.id))!, e);
      });
    },
  };
};

export type EnquiryService = ReturnType<typeof createEnquiryService>;
