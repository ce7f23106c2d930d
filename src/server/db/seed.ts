/**
 * Deterministic demo data: companies and levels, the demo accounts, every system parameter,
 * an ad for every slot, the catalogue, the demo shop, the EPC catalogue and the membership
 * packages. Runs only on an empty database, all of it in one transaction: a first start stopped
 * half-way leaves the database empty, and the next start seeds it whole.
 */
import { randomUUID } from 'node:crypto';
import { seedOverseas } from './seed-overseas';
import { seedVnMall } from './seed-vn-mall';
import { sql, type Kysely } from 'kysely';
import { MEMBER_CODES, OPERATOR_CODES } from '../../shared/domain/permissions';
import { hashPassword, DEFAULT_SCRYPT_N } from '../modules/auth/password';
import type { DB } from './schema';
import { seedCatalogue } from './seed-catalogue';
import { seedAccounts } from './seed-accounts';
import { IM_ASSISTANT_UUID } from '../../shared/contracts';
import { seedShop } from './seed-shop';
import { seedEpc } from './seed-epc';
import { seedIllustrations } from './seed-illustration';
import { seedMembership } from './seed-membership';
import { seedActivity } from './seed-activity';
import { demoSized, OIL_TRADE_MIN_ROWS, seedOil } from './seed-oil';

export const DEMO_PASSWORD = 'demo123456';

export const DEMO_ACCOUNTS = [
  { username: 'operator', role: '平台运营（总公司，全部运营与会员权限）' },
  { username: 'seller', role: '正式会员卖家（企业负责人，全部 M 与 C 权限，可聊天）' },
  { username: 'clerk', role: '卖家员工（仅 M03、C11）' },
  { username: 'buyer', role: '正式会员买家（C07 C08 C09 C12 C14 C15 M02，可聊天）' },
  { username: 'member', role: '注册会员（免费，不能报价、看不到联系方式）' },
  { username: 'trial', role: '试用会员' },
  { username: 'seller6', role: '生成的配件商负责人（每家一个：seller<公司ID>，全部 M 与 C 权限，可聊天）' },
] as const;

const day = 86400_000;
const ALL_M_AND_C = MEMBER_CODES.filter((c) => c.startsWith('M') || c.startsWith('C'));

/** Demo catalogue size for `npm start`: big enough to search, small enough to seed in seconds. */
export const DEMO_STOCK_ROWS = 20_000;

const isEmpty = async (db: Kysely<DB>) =>
  (await sql<{ n: number }>`select count(*)::int as n from company`.execute(db)).rows[0].n === 0;

/**
 * Sequences are not rolled back with a transaction: after a seed that failed half-way, ids would
 * start where it stopped. The generators count on ids from 1 (brands, qualities, products), and
 * seeding is meant to give the same data every time, so each empty table's ids start over.
 */
const restartEmptySequences = async (db: Kysely<DB>) => {
  const { rows } = await sql<{ table_name: string; seq: string }>`
    select table_name, pg_get_serial_sequence(quote_ident(table_name), column_name) as seq
    from information_schema.columns
    where table_schema = current_schema() and pg_get_serial_sequence(quote_ident(table_name), column_name) is not null`.execute(db);
  for (const { table_name, seq } of rows) {
    const used = await sql<{ used: boolean }>`select exists (select 1 from ${sql.table(table_name)}) as used`.execute(db);
    if (!used.rows[0].used) await sql`select setval(${seq}, 1, false)`.execute(db);
  }
};

/** Given names of the generated sellers' owners, drawn in turn after a surname. */
const SURNAMES = ['张', '李', '黄', '周', '吴', '徐', '孙', '马', '朱', '胡', '郭', '何'];
const GIVEN = ['建华', '海峰', '晓东', '志明', '丽娟', '国强', '春燕', '文斌', '立新', '秀英', '德胜', '雪梅'];

/**
 * Every generated parts company gets its owner's account (username seller<company id>, the demo
 * password, every seller code): 联系卖家 on any result row then reaches a person, and a reviewer can
 * sign in as that seller to answer. README, "Accounts".
 */
const seedSellerOwners = async (db: Kysely<DB>, hash: string) => {
  const companies = await db.selectFrom('company').select('id').where('is_seller', '=', true)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('app_user').select('app_user.id').whereRef('app_user.company_id', '=', 'company.id'))))
    .orderBy('id').execute();
  if (companies.length === 0) return;
  await db.insertInto('app_user').values(companies.map(({ id }, i) => ({
    uuid: randomUUID(), company_id: id, username: `seller${id}`, display_name: `${SURNAMES[i % SURNAMES.length]}${GIVEN[(i * 5) % GIVEN.length]}`,
    is_owner: true, allow_im: true, permissions: ALL_M_AND_C, password_hash: hash,
  }))).execute();
};

export const seed = async (db: Kysely<DB>, opts: { now?: Date; scryptN?: number; stockRows?: number; onProgress?: (text: string) => void; bulkLoadFrom?: number } = {}): Promise<boolean> => {
  if (!(await isEmpty(db))) {
    // a database seeded before the EPC catalogue existed gets it on its next start
    await db.transaction().execute(async (trx) => {
      await seedEpc(trx);
      await seedIllustrations(trx);
      await seedOil(trx, new Date(), { trade: await demoSized(trx) });
    });
    return false;
  }
  const now = opts.now ?? new Date();
  const N = opts.scryptN ?? DEFAULT_SCRYPT_N;
  const hash = await hashPassword(DEMO_PASSWORD, N);
  const stockRows = opts.stockRows ?? DEMO_STOCK_ROWS;

  const seeded = await db.transaction().execute(async (trx) => {
    // a one-time job, not a request: the 15 s statement_timeout of the pool (client.ts) is for
    // runaway queries, and a large seed or a second process waiting here may take longer
    await sql`set local statement_timeout = 0`.execute(trx);
    // two processes starting on one empty database: the second waits, then finds it seeded
    await sql`select pg_advisory_xact_lock(hashtext('qipeihub seed'))`.execute(trx);
    if (!(await isEmpty(trx))) return false;
    await restartEmptySequences(trx);
    await trx.insertInto('company_level').values([
      { id: 1, name: '平台运营', level_type: 'paid', employee_limit: 200, stock_per_day: 9999, quote_per_day: null, vin_type: 'date', sort: 0 },
      { id: 2, name: '正式会员', level_type: 'paid', employee_limit: 30, stock_per_day: 9999, quote_per_day: 200, vin_type: 'date', sort: 1 },
      { id: 3, name: '注册会员', level_type: 'free', employee_limit: 3, stock_per_day: 50, quote_per_day: 20, vin_type: 'count', vin_count: 5, sort: 2 },
      { id: 4, name: '试用会员', level_type: 'free', is_trial: true, employee_limit: 5, stock_per_day: 200, quote_per_day: 20, vin_type: 'count', vin_count: 20, sort: 3 },
    ]).execute();
    await sql`select setval('company_level_id_seq', 4)`.execute(trx);
    // the paid levels may grant every open-platform scope, the free ones none (docs/open-platform.md, "Keys and signing")
    await sql`insert into open_level_bundle (level_id, bundle_id) select l.id, b.id from company_level l, open_scope_bundle b where l.level_type = 'paid' and b.name = '全部接口'`.execute(trx);

    await trx.insertInto('company').values([
      { id: 1, name: '汽配汇平台运营有限公司', short_name: '平台运营', business_type: 'other', level_id: 1, province: '广东省', city: '广州市', address: '天河区珠江新城华夏路8号', phone: '400-880-6688', qq: '80068866', vin_end_at: new Date(now.getTime() + 3650 * day) },
      { id: 2, name: '广州骏达汽车配件有限公司', short_name: '骏达汽配', is_seller: true, business_type: 'parts_dealer', level_id: 2, level_end_at: new Date(now.getTime() + 45 * day), vin_end_at: new Date(now.getTime() + 45 * day), province: '广东省', city: '广州市', address: '白云区广园西路汽配城A区112号', phone: '020-86321458', qq: '2851436677' },
      { id: 3, name: '上海申通汽车维修服务有限公司', short_name: '申通汽修', business_type: 'repair', level_id: 2, level_end_at: new Date(now.getTime() + 300 * day), vin_end_at: new Date(now.getTime() + 300 * day), province: '上海市', city: '上海市', address: '闵行区沪闵路6088号', phone: '021-64128877', qq: '1937265508' },
      { id: 4, name: '杭州顺捷汽车修理厂', short_name: '顺捷汽修', business_type: 'repair', level_id: 3, vin_sum_qty: 5, province: '浙江省', city: '杭州市', address: '拱墅区石祥路71号', phone: '0571-88213360', qq: '3301886625' },
      { id: 5, name: '成都蓉威汽配商行', short_name: '蓉威汽配', business_type: 'parts_dealer', level_id: 4, level_end_at: new Date(now.getTime() + 14 * day), vin_sum_qty: 20, province: '四川省', city: '成都市', address: '金牛区量力汽配城5栋18号', phone: '028-83356120', qq: '2468135790' },
    ]).execute();
    await sql`select setval('company_id_seq', 5)`.execute(trx);

    const users = [
      // the operator answers 在线咨询 and 邀请客服 (im_service_user, is_customer_service)
      { uuid: '00000000-0000-4000-8000-000000000001', company_id: 1, username: 'operator', display_name: '运营管理员', is_owner: true, allow_im: true, is_customer_service: true, permissions: [...OPERATOR_CODES, ...MEMBER_CODES] },
      { uuid: '00000000-0000-4000-8000-000000000002', company_id: 2, username: 'seller', display_name: '陈骏达', is_owner: true, allow_im: true, permissions: ALL_M_AND_C },
      { uuid: '00000000-0000-4000-8000-000000000003', company_id: 2, username: 'clerk', display_name: '李晓琳', permissions: ['M03', 'C11'] },
      { uuid: '00000000-0000-4000-8000-000000000004', company_id: 3, username: 'buyer', display_name: '王志强', is_owner: true, allow_im: true, permissions: ['C07', 'C08', 'C09', 'C12', 'C14', 'C15', 'M02'] },
      { uuid: '00000000-0000-4000-8000-000000000005', company_id: 4, username: 'member', display_name: '赵顺捷', is_owner: true, permissions: ['C07', 'C15'] },
      { uuid: '00000000-0000-4000-8000-000000000006', company_id: 5, username: 'trial', display_name: '刘蓉威', is_owner: true, permissions: ['C07', 'C08', 'C15'] },
    ];
    await trx.insertInto('app_user').values(users.map((u) => ({ ...u, password_hash: hash }))).execute();
    // the message assistant (消息助手): system notices come from it; it cannot sign in (no password hash) and nobody writes to it
    await trx.insertInto('app_user').values({ uuid: IM_ASSISTANT_UUID, company_id: 1, username: 'im-assistant', display_name: '消息助手', password_hash: '!', permissions: [] }).onConflict((oc) => oc.doNothing()).execute();
    await seedAccounts(trx);
    // the operator holds every D code through the administrator role (migration 0073)
    await sql`insert into operator_role_member (role_id, user_id)
      select r.id, u.id from operator_role r, app_user u where r.name = '超级管理员' and u.username = 'operator'`.execute(trx);

    const params: Array<[string, string, string]> = [
      ['system_title', '汽配汇 - 汽车配件B2B交易平台', '网站标题'],
      ['system_keywords', '汽配,汽车配件,OE号查询,VIN查询,汽配城,配件批发', '网站关键词'],
      ['system_desc', '汽配汇连接修理厂、汽配商与配件企业：OE号、关键词、VIN查件，在线询价，多卖家一键下单。', '网站描述'],
      ['system_name', '汽配汇', '系统名称'],
      ['system_logo', '/icons/icon-192.png', '系统标志'],
      ['system_logo_text', '汽配汇 · 汽车配件交易平台', '标志文字'],
      ['system_phone', '400-880-6688', '客服热线'],
      ['system_icp_number', '粤ICP备20260088号-1', 'ICP备案号'],
      ['wx_open_web_key', '', '微信开放平台网页应用 AppID（未配置则不显示微信登录）'],
      ['system_tongji', '', '统计代码（未配置）'],
      ['baidu_shangqiao', '', '在线咨询（百度商桥）地址；为空时显示“未配置在线咨询服务”'],
      ['upload_authority', '1,2', '可上传资料的公司ID（逗号分隔）'],
      ['im_client_params', '{"app_key":""}', '即时通讯参数；app_key 为空时使用内置聊天服务'],
      ['jqr_allinpay_config', '{"enabled":false}', '通联支付配置'],
      ['api_docment_url', '/api/openapi.json', '开放接口文档地址'],
      ['qcj_url', '', '汽车街链接（未配置）'],
      ['system_announcement', '【公告】汽配汇新版上线：支持离线使用与安装到桌面；平台客服热线 400-880-6688，工作日 8:30-18:00。', '首页公告'],
      ['im_service_user', '{"cn":["00000000-0000-4000-8000-000000000001"]}', '在线客服账号'],
    ];
    await trx.insertInto('system_param').values(params.map(([key, value, description]) => ({ key, value, description }))).execute();

    const start = new Date(now.getTime() - 180 * day);
    const end = new Date(now.getTime() + 185 * day);
    const banners = Array.from({ length: 10 }, (_, i) => `LB${String(i + 1).padStart(3, '0')}`);
    const ads = [
      ...banners.map((code, i) => ({ code, images_url: `/ads/${code.toLowerCase()}.svg`, images_width: 1200, click_url: '/', sort: i })),
      { code: 'GG000', images_url: '/ads/gg000.svg', images_width: 1200, click_url: '/' },
      { code: 'GG005', images_url: '/ads/gg005.svg', images_width: 590, click_url: '/' },
      { code: 'GG009', images_url: '/ads/gg009.svg', images_width: 590, click_url: '/' },
      { code: 'JQR001', images_url: '/ads/jqr001.svg', images_width: 600, click_url: '/' },
      { code: 'JQR002', images_url: '/ads/jqr002.svg', images_width: 600, click_url: '/' },
      { code: 'CJ000', images_url: '/ads/cj000.svg', images_width: 600, click_url: '/' },
    ];
    await trx.insertInto('ad').values(ads.map((a) => ({ ...a, start_at: start, end_at: end }))).execute();

    if (stockRows > 0) {
      await seedCatalogue(trx, { rows: stockRows, now, onProgress: opts.onProgress, bulkLoadFrom: opts.bulkLoadFrom });
      await seedSellerOwners(trx, hash);
    }
    await seedShop(trx, now);
    // something to do for each demo account on first sign-in: orders, an after-sale, the seller's zone
    await seedActivity(trx, now);
    await seedEpc(trx, now);
    await seedIllustrations(trx);
    // the oil catalogue; at demo size the demo sellers' stock of it and a few purchases (after the demo accounts)
    await seedOil(trx, now, { trade: stockRows >= OIL_TRADE_MIN_ROWS });
    await seedMembership(trx);
    // the demo Vietnamese buyer vnbuyer (docs/overseas.md)
    await seedOverseas(trx, hash, now);
    // the Vietnam mall's offers and service charges (docs/overseas.md)
    await seedVnMall(trx, now);
    return true;
  });
  // Marks the freshly loaded stock pages all-visible, so keyword search reads its covering
  // indexes without visiting the table (migration 0020). PGlite has no autovacuum to do it later.
  if (seeded && stockRows > 0) {
    opts.onProgress?.('vacuum analyze stock');
    await sql`vacuum analyze stock`.execute(db);
  }
  return seeded;
};
