/**
 * Deterministic catalogue and stock generator: real makes with OE numbers in each maker's own
 * format, Chinese part names from a real vocabulary, part brands and qualities, OE relations
 * (supersession and aliases) and sellers with overlapping stock. Products are generated here;
 * stock rows are generated inside the database (hash-based picks), so a million rows load fast.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from './schema';

export const MAKES: Array<{ name: string; slug: string; initial: string; country: string; format: string; vehicles: string[] }> = [
  { name: '大众', slug: 'vw', initial: 'D', country: '德国', format: 'vw', vehicles: ['朗逸', '速腾', '迈腾', '帕萨特', '高尔夫', '宝来', '途观L'] },
  { name: '丰田', slug: 'toyota', initial: 'F', country: '日本', format: 'toyota', vehicles: ['卡罗拉', '凯美瑞', '汉兰达', 'RAV4荣放', '雷凌', '普拉多'] },
  { name: '本田', slug: 'honda', initial: 'B', country: '日本', format: 'honda', vehicles: ['雅阁', '思域', 'CR-V', '飞度', '缤智', '奥德赛'] },
  { name: '宝马', slug: 'bmw', initial: 'B', country: '德国', format: 'bmw', vehicles: ['3系', '5系', 'X1', 'X3', 'X5'] },
  { name: '奔驰', slug: 'benz', initial: 'B', country: '德国', format: 'benz', vehicles: ['C级', 'E级', 'GLC', 'A级', 'S级'] },
  { name: '奥迪', slug: 'audi', initial: 'A', country: '德国', format: 'vw', vehicles: ['A4L', 'A6L', 'Q5L', 'Q3', 'A3'] },
  { name: '日产', slug: 'nissan', initial: 'R', country: '日本', format: 'nissan', vehicles: ['轩逸', '天籁', '奇骏', '逍客', '骐达'] },
  { name: '别克', slug: 'buick', initial: 'B', country: '美国', format: 'gm', vehicles: ['英朗', '君威', '君越', '昂科威', 'GL8'] },
  { name: '吉利', slug: 'geely', initial: 'J', country: '中国', format: 'geely', vehicles: ['帝豪', '博越', '星越L', '缤瑞', '领克03'] },
  { name: '比亚迪', slug: 'byd', initial: 'B', country: '中国', format: 'byd', vehicles: ['秦PLUS', '宋PLUS', '汉', '唐', '元PLUS'] },
  { name: '现代', slug: 'hyundai', initial: 'X', country: '韩国', format: 'hyundai', vehicles: ['伊兰特', '索纳塔', '途胜', 'ix35'] },
  { name: '福特', slug: 'ford', initial: 'F', country: '美国', format: 'ford', vehicles: ['福克斯', '蒙迪欧', '锐界', '翼虎'] },
  { name: '马自达', slug: 'mazda', initial: 'M', country: '日本', format: 'mazda', vehicles: ['马自达3昂克赛拉', '马自达6阿特兹', 'CX-5'] },
  { name: '长城', slug: 'gwm', initial: 'C', country: '中国', format: 'gwm', vehicles: ['哈弗H6', '哈弗M6', '坦克300'] },
];

export const FACTORY_MAKES: Array<[string, string, string]> = [
  ['大众', '上汽大众', 'S'], ['大众', '一汽-大众', 'Y'], ['丰田', '一汽丰田', 'Y'], ['丰田', '广汽丰田', 'G'], ['本田', '广汽本田', 'G'],
  ['本田', '东风本田', 'D'], ['宝马', '华晨宝马', 'H'], ['奔驰', '北京奔驰', 'B'], ['奥迪', '一汽奥迪', 'Y'], ['日产', '东风日产', 'D'],
  ['别克', '上汽通用别克', 'S'], ['吉利', '吉利汽车', 'J'], ['比亚迪', '比亚迪汽车', 'B'], ['现代', '北京现代', 'B'], ['福特', '长安福特', 'C'],
  ['马自达', '长安马自达', 'C'], ['长城', '长城汽车', 'C'],
];

/**
 * A part the generator makes: its name as sellers write it, its generic name (通用名称: the
 * terminology group and the part, as parts catalogues name them), the list-price range in yuan,
 * and the part brands that really make it. An empty brand list means no brand of PART_BRANDS
 * makes it for the aftermarket: sellers type their own (custom_brand_name). `reman` marks the
 * parts that are remanufactured (再制造件); `unit` is how it is sold.
 */
export interface PartSeed { name: string; generic: string; lo: number; hi: number; brands: string[]; reman?: boolean; unit?: string }

/** Part kinds by trade group (the group gives the dealers' category and the boxed size). */
export const PARTS: Array<{ group: string; names: PartSeed[] }> = [
  { group: '制动系统', names: [
    { name: '前刹车片', generic: '制动器 / 刹车片', lo: 120, hi: 680, brands: ['博世', '天合', '布雷博', '菲罗多'], unit: '套' },
    { name: '后刹车片', generic: '制动器 / 刹车片', lo: 100, hi: 560, brands: ['博世', '天合', '布雷博', '菲罗多'], unit: '套' },
    { name: '前刹车盘', generic: '制动器 / 刹车盘', lo: 260, hi: 1500, brands: ['博世', '天合', '布雷博'] },
    { name: '后刹车盘', generic: '制动器 / 刹车盘', lo: 220, hi: 1200, brands: ['博世', '天合', '布雷博'] },
    { name: '刹车分泵', generic: '制动器 / 制动分泵', lo: 180, hi: 900, brands: ['天合', '大陆', '爱信'] },
    { name: '刹车总泵', generic: '制动操纵 / 制动总泵', lo: 300, hi: 1600, brands: ['天合', '大陆', '博世'] },
    { name: '手刹线', generic: '驻车制动 / 手刹拉线', lo: 60, hi: 260, brands: ['天合'] },
  ] },
  { group: '滤清器', names: [
    { name: '机油滤清器', generic: '滤清器 / 机油滤清器', lo: 25, hi: 160, brands: ['曼牌', '马勒', '博世'] },
    { name: '空气滤清器', generic: '滤清器 / 空气滤清器', lo: 45, hi: 260, brands: ['曼牌', '马勒', '博世'] },
    { name: '空调滤清器', generic: '滤清器 / 空调滤清器', lo: 35, hi: 220, brands: ['曼牌', '马勒', '博世'] },
    { name: '燃油滤清器', generic: '滤清器 / 燃油滤清器', lo: 60, hi: 380, brands: ['曼牌', '马勒', '博世', '德尔福'] },
  ] },
  { group: '点火系统', names: [
    { name: '火花塞', generic: '点火系统 / 火花塞', lo: 30, hi: 180, brands: ['博世', 'NGK', '电装'] },
    { name: '点火线圈', generic: '点火系统 / 点火线圈', lo: 150, hi: 800, brands: ['博世', '电装', '德尔福', 'NGK'] },
    { name: '高压线', generic: '点火系统 / 高压线', lo: 80, hi: 300, brands: ['NGK', '博世'], unit: '套' },
  ] },
  { group: '悬挂系统', names: [
    { name: '前减震器', generic: '悬架 / 减震器', lo: 350, hi: 2200, brands: ['萨克斯', '蒙诺'] },
    { name: '后减震器', generic: '悬架 / 减震器', lo: 300, hi: 1800, brands: ['萨克斯', '蒙诺'] },
    { name: '减震器顶胶', generic: '悬架 / 减震器顶胶', lo: 80, hi: 420, brands: ['萨克斯', '采埃孚'] },
    { name: '下摆臂', generic: '悬架 / 控制臂', lo: 220, hi: 1300, brands: ['采埃孚', '天合'] },
    { name: '球头', generic: '悬架 / 球头', lo: 70, hi: 380, brands: ['采埃孚', '天合'] },
    { name: '平衡杆', generic: '悬架 / 稳定杆连杆', lo: 60, hi: 300, brands: ['采埃孚', '天合'] },
    { name: '稳定杆衬套', generic: '悬架 / 稳定杆衬套', lo: 20, hi: 120, brands: ['采埃孚'] },
  ] },
  { group: '冷却系统', names: [
    { name: '水泵', generic: '冷却系统 / 水泵', lo: 220, hi: 1300, brands: ['盖茨', '舍弗勒'] },
    { name: '节温器', generic: '冷却系统 / 节温器', lo: 90, hi: 520, brands: ['马勒'] },
    { name: '散热器', generic: '冷却系统 / 散热器', lo: 450, hi: 2600, brands: ['马勒', '法雷奥', '电装'] },
    { name: '电子扇', generic: '冷却系统 / 冷却风扇', lo: 380, hi: 2000, brands: ['法雷奥', '博世'] },
    { name: '膨胀水壶', generic: '冷却系统 / 膨胀水箱', lo: 90, hi: 450, brands: [] },
  ] },
  { group: '发动机', names: [
    { name: '正时皮带', generic: '正时系统 / 正时皮带', lo: 120, hi: 650, brands: ['盖茨', '大陆'] },
    { name: '正时链条', generic: '正时系统 / 正时链条', lo: 260, hi: 1500, brands: ['舍弗勒'] },
    { name: '张紧轮', generic: '正时系统 / 张紧轮', lo: 150, hi: 780, brands: ['舍弗勒', '盖茨', '斯凯孚'] },
    { name: '发电机皮带', generic: '附件传动 / 多楔带', lo: 60, hi: 300, brands: ['盖茨', '大陆'] },
    { name: '气门室盖垫', generic: '发动机密封 / 气门室盖垫', lo: 50, hi: 320, brands: ['爱尔铃'] },
    { name: '油底壳', generic: '发动机本体 / 油底壳', lo: 260, hi: 1400, brands: [] },
    { name: '曲轴油封', generic: '发动机密封 / 曲轴油封', lo: 30, hi: 180, brands: ['爱尔铃'] },
  ] },
  { group: '转向系统', names: [
    { name: '转向拉杆', generic: '转向系统 / 转向横拉杆', lo: 120, hi: 600, brands: ['采埃孚', '天合'] },
    { name: '方向机', generic: '转向系统 / 转向机', lo: 1500, hi: 7800, brands: ['采埃孚', '天合'], reman: true },
    { name: '转向助力泵', generic: '转向系统 / 转向助力泵', lo: 700, hi: 3600, brands: ['采埃孚', '天合'], reman: true },
  ] },
  { group: '电气系统', names: [
    { name: '蓄电池', generic: '电源系统 / 蓄电池', lo: 350, hi: 1600, brands: ['瓦尔塔', '风帆', '博世'] },
    { name: '发电机', generic: '电源系统 / 发电机', lo: 900, hi: 4800, brands: ['博世', '法雷奥', '电装'], reman: true },
    { name: '启动机', generic: '起动系统 / 起动机', lo: 800, hi: 4200, brands: ['博世', '法雷奥', '电装'], reman: true },
    { name: '大灯总成', generic: '照明 / 前大灯', lo: 900, hi: 8800, brands: ['海拉', '法雷奥'] },
    { name: '尾灯总成', generic: '照明 / 尾灯', lo: 400, hi: 3200, brands: ['海拉', '法雷奥'] },
    { name: '雨刮片', generic: '雨刮系统 / 雨刮片', lo: 40, hi: 220, brands: ['博世', '法雷奥'], unit: '副' },
  ] },
  { group: '传动系统', names: [
    { name: '离合器片', generic: '离合器 / 离合器片', lo: 260, hi: 1300, brands: ['萨克斯', '法雷奥', '舍弗勒'] },
    { name: '离合器压盘', generic: '离合器 / 离合器压盘', lo: 380, hi: 1900, brands: ['萨克斯', '法雷奥', '舍弗勒'] },
    { name: '半轴', generic: '驱动轴 / 半轴', lo: 500, hi: 2600, brands: [] },
    { name: '轮毂轴承', generic: '车轮 / 轮毂轴承', lo: 160, hi: 980, brands: ['斯凯孚', '舍弗勒'] },
  ] },
  { group: '轮胎', names: [
    { name: '轮胎', generic: '车轮 / 轮胎', lo: 380, hi: 2200, brands: ['米其林', '韩泰', '普利司通', '大陆'], unit: '条' },
  ] },
];

/** Tyre sizes by nothing more than a hash: what a tyre row's specification shows. */
export const TYRE_SIZES = ['205/55R16 91V', '215/55R17 94V', '225/45R18 95W', '235/55R19 101V', '195/65R15 91H', '225/65R17 102H'];

/** Per trade group: the dealers' category, and a typical boxed size (mm) and weight (g). */
export const GROUP_TRAITS: Record<string, { category: string; size: [number, number, number]; weight: number }> = {
  制动系统: { category: '易损件', size: [320, 180, 90], weight: 2600 },
  滤清器: { category: '保养件', size: [180, 140, 110], weight: 450 },
  点火系统: { category: '保养件', size: [160, 60, 50], weight: 220 },
  悬挂系统: { category: '底盘件', size: [520, 160, 150], weight: 3800 },
  冷却系统: { category: '发动机件', size: [420, 300, 160], weight: 2900 },
  发动机: { category: '发动机件', size: [300, 220, 80], weight: 1200 },
  转向系统: { category: '底盘件', size: [600, 200, 180], weight: 4500 },
  电气系统: { category: '电器件', size: [450, 280, 220], weight: 5200 },
  传动系统: { category: '底盘件', size: [480, 260, 200], weight: 4800 },
  轮胎: { category: '易损件', size: [650, 650, 220], weight: 9500 },
};
/** Brands sellers type themselves for parts outside the part-brand list (custom_brand_name). */
export const CUSTOM_BRANDS = ['恒力', '精工', '金固', '瑞达', '豪达', '众泰配'];
export const NOTES = ['原装进口，支持开票', '量大从优', '下单前请核对车架号', '整箱发货', '仅限自提'];
/** The country of each producing area of AREAS. */
const AREA_COUNTRY: Record<string, string> = { 德国: '德国', 日本: '日本', 美国: '美国' };
/** VND per yuan used for the generated Vietnamese prices (migration 0010's rate). */
const VND_PER_YUAN = 3618.5;

/** Part brands; ids follow this order (new brands go at the end: tests and saved filters use ids). */
export const PART_BRANDS = ['博世', '曼牌', '马勒', '天合', '布雷博', 'NGK', '电装', '法雷奥', '采埃孚', '萨克斯', '盖茨', '舍弗勒', '斯凯孚', '德尔福', '海拉', '大陆', '爱信', '韩泰',
  '米其林', '普利司通', '菲罗多', '蒙诺', '瓦尔塔', '风帆', '爱尔铃'];
/** Parts that come off a scrapped car whole and are sold as 拆车件: not wear or service parts. */
const WORN_OUT = new Set(['雨刮片', '正时皮带', '发电机皮带', '气门室盖垫', '曲轴油封', '稳定杆衬套', '减震器顶胶', '手刹线']);
export const usedPartAllowed = (part: PartSeed & { category?: string }) =>
  !WORN_OUT.has(part.name) && !['易损件', '保养件'].includes(part.category ?? '');

export const QUALITIES: Array<[string, boolean]> = [['原厂件', true], ['品牌件', false], ['副厂件', false], ['拆车件', false], ['再制造件', false]];
export const AREAS = ['广东广州', '浙江瑞安', '河北清河', '山东济南', '江苏丹阳', '上海', '德国', '日本', '美国'];

/** mulberry32: small, fast, deterministic. */
export const prng = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const DIGITS = '0123456789';
const LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';

/** An OE number in the maker's own format, e.g. 04465-33450, 1K0698151A, 34116794300. */
export const oeNumber = (format: string, rnd: () => number): string => {
  const d = (n: number) => Array.from({ length: n }, () => DIGITS[Math.floor(rnd() * 10)]).join('');
  const l = (n: number) => Array.from({ length: n }, () => LETTERS[Math.floor(rnd() * LETTERS.length)]).join('');
  switch (format) {
    case 'vw': return `${d(1)}${l(1)}${d(1)}${d(3)}${d(3)}${rnd() < 0.6 ? l(1) : ''}`;
    case 'toyota': return `${d(5)}-${d(5)}`;
    case 'honda': return `${d(5)}-${l(1)}${d(1)}${l(1)}-${l(1)}${d(2)}`;
    case 'bmw': return d(11);
    case 'benz': return `A${d(10)}`;
    case 'nissan': return `${d(5)}-${d(2)}${l(1)}${d(1)}${l(1)}`;
    case 'gm': return d(8);
    case 'geely': return d(10);
    case 'byd': return `BYD${l(2)}-${d(7)}`;
    case 'hyundai': return `${d(5)}-${d(1)}${l(2)}${d(2)}`;
    case 'ford': return `${l(2)}${d(1)}${l(1)}-${d(4)}-${l(1)}${l(1)}`;
    case 'mazda': return `${l(2)}${d(2)}-${d(2)}-${d(3)}`;
    default: return `${d(7)}${l(3)}${d(2)}${l(1)}`;
  }
};

export const normOe = (s: string) => s.replace(/[^0-9A-Za-z]/g, '').toUpperCase();

export interface CatalogueOptions {
  /** stock rows to generate */
  rows: number;
  seed?: number;
  /** extra generated seller companies besides the seeded seller (company 2) */
  sellers?: number;
  /** the seed's "now" (tests pass their clock's): generated sellers' levels end 30+ days after it */
  now?: Date;
  onProgress?: (text: string) => void;
  /** from this many rows on, indexes are built after the load (BULK_LOAD_ROWS; tests lower it) */
  bulkLoadFrom?: number;
}

const chunked = async <T>(items: T[], size: number, fn: (part: T[]) => Promise<unknown>) => {
  for (let i = 0; i < items.length; i += size) await fn(items.slice(i, i + size));
};

/** From this many stock rows on, the seed builds the stock table's indexes after loading it. */
export const BULK_LOAD_ROWS = 200_000;

/**
 * A bulk load into an indexed table updates every index once per row (44 on stock: the rank,
 * sort, band and prefix indexes of keyword and OE search), in random order, and that dominates a large
 * seed. With `bulk`, the table's secondary indexes are dropped first and built again from their
 * own definitions (pg_indexes) once the rows are in: one sorted build each, in the same
 * transaction, so a seed stopped half-way still leaves the database as it was. Indexes that back
 * a constraint (the primary key) stay. Small seeds (tests, the demo) keep the plain path.
 */
const withIndexesBuiltAfter = async (db: Kysely<DB>, bulk: boolean, log: (text: string) => void, load: () => Promise<void>) => {
  if (!bulk) return load();
  const { rows: indexes } = await sql<{ name: string; def: string }>`
    select i.indexname as name, i.indexdef as def from pg_indexes i
    where i.schemaname = current_schema() and i.tablename = 'stock'
      and not exists (select 1 from pg_constraint c where c.conindid = (quote_ident(i.schemaname) || '.' || quote_ident(i.indexname))::regclass)
    order by i.indexname`.execute(db);
  for (const { name } of indexes) await sql`drop index ${sql.id(name)}`.execute(db);
  await load();
  // the sort of one index build in memory rather than in temporary files (the default is 64 MB)
  await sql`set local maintenance_work_mem = '512MB'`.execute(db);
  const started = Date.now();
  for (const { name, def } of indexes) {
    await sql.raw(def).execute(db);
    log(`index ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
};

export const seedCatalogue = async (db: Kysely<DB>, opts: CatalogueOptions) => {
  const rnd = prng(opts.seed ?? 20261122);
  const log = opts.onProgress ?? (() => undefined);

  await db.insertInto('make').values(MAKES.map((m) => ({ name: m.name, initial: m.initial, country: m.country, logo: `/makes/${m.slug}.svg` }))).execute();
  const makes = await db.selectFrom('make').select(['id', 'name']).orderBy('id').execute();
  const makeId = new Map(makes.map((m) => [m.name, m.id]));
  await db.insertInto('factory_make').values(FACTORY_MAKES.map(([make, name, initial]) => ({ make_id: makeId.get(make)!, name, initial }))).execute();
  await db.insertInto('part_quality').values(QUALITIES.map(([name, is_original], i) => ({ name, is_original, sort: i }))).execute();
  await db.insertInto('part_brand').values(PART_BRANDS.map((name) => ({ name }))).execute();
  const generics = [...new Set(PARTS.flatMap((g) => g.names.map((n) => n.generic)))];
  await db.insertInto('terminology').values(generics.map((name) => ({ name }))).execute();
  const terms = await db.selectFrom('terminology').select(['id', 'name']).execute();
  const termId = new Map(terms.map((t) => [t.name, t.id]));
  const brandId = new Map((await db.selectFrom('part_brand').select(['id', 'name']).execute()).map((b) => [b.name, b.id]));

  // Products: about one per five stock rows, so several sellers stock the same OE number.
  const productCount = Math.max(300, Math.floor(opts.rows / 5));
  const seen = new Set<string>();
  const products: Array<{ oe_number: string; oe_norm: string; name: string; make_id: number; terminology_id: number; vehicle: string; list_price: number }> = [];
  while (products.length < productCount) {
    const make = MAKES[Math.floor(rnd() * MAKES.length)];
    const group = PARTS[Math.floor(rnd() * PARTS.length)];
    const { name, generic, lo, hi } = group.names[Math.floor(rnd() * group.names.length)];
    const oe = oeNumber(make.format, rnd);
    const norm = normOe(oe);
    if (seen.has(norm)) continue;
    seen.add(norm);
    const models = [...new Set([make.vehicles[Math.floor(rnd() * make.vehicles.length)], make.vehicles[Math.floor(rnd() * make.vehicles.length)]])];
    products.push({
      oe_number: oe, oe_norm: norm, name, make_id: makeId.get(make.name)!, terminology_id: termId.get(generic)!,
      vehicle: models.map((v) => `${make.name}${v}`).join(' '), list_price: Math.round((lo + rnd() * (hi - lo)) * 100),
    });
  }
  await chunked(products, 2000, (part) => db.insertInto('product').values(part).execute());
  log(`products: ${products.length}`);

  // OE relations: about 8% of numbers were superseded by, or are aliases of, another number of the same part.
  const relations: Array<{ oe_norm: string; related_norm: string; kind: 'supersession' | 'alias' }> = [];
  for (let i = 1; i < products.length; i++) {
    if (rnd() < 0.08) {
      const a = products[i];
      // the earliest product of the same part and make among the 399 before it (a window, not a scan of every product)
      let b: (typeof products)[number] | undefined;
      for (let j = Math.max(0, i - 399); j < i && !b; j++) if (products[j].name === a.name && products[j].make_id === a.make_id) b = products[j];
      if (!b) continue;
      const kind = rnd() < 0.5 ? 'supersession' : 'alias';
      relations.push({ oe_norm: a.oe_norm, related_norm: b.oe_norm, kind }, { oe_norm: b.oe_norm, related_norm: a.oe_norm, kind });
    }
  }
  await chunked(relations, 2000, (part) => db.insertInto('oe_relation').values(part).onConflict((oc) => oc.doNothing()).execute());
  log(`oe relations: ${relations.length / 2}`);

  // Sellers: the seeded seller (company 2) plus generated parts companies.
  const extra = opts.sellers ?? Math.min(60, Math.max(6, Math.floor(opts.rows / 20000)));
  const cities: Array<[string, string]> = [['广东省', '广州市'], ['广东省', '深圳市'], ['浙江省', '杭州市'], ['浙江省', '瑞安市'], ['江苏省', '苏州市'], ['河北省', '清河县'], ['山东省', '济南市'], ['四川省', '成都市'], ['湖北省', '武汉市'], ['北京市', '北京市']];
  const prefixes = ['恒通', '宏达', '鑫源', '永盛', '金马', '瑞丰', '安驰', '众诚', '华晟', '佳联', '顺安', '隆泰'];
  const newSellers = Array.from({ length: extra }, (_, i) => {
    const [province, city] = cities[i % cities.length];
    const short = `${prefixes[i % prefixes.length]}${['汽配', '配件', '车业'][i % 3]}${i >= prefixes.length ? Math.floor(i / prefixes.length) + 1 : ''}`;
    return {
      name: `${city.replace(/[市县]$/, '')}${short}有限公司`, short_name: short, is_seller: true, business_type: 'parts_dealer' as const, level_id: 2, province, city,
      phone: `0${20 + (i % 70)}-8${String(1000000 + Math.floor(rnd() * 8999999)).slice(0, 7)}`, qq: String(100000000 + Math.floor(rnd() * 899999999)),
      level_end_at: new Date((opts.now ?? new Date()).getTime() + (30 + i) * 86400_000),
    };
  });
  await db.insertInto('company').values(newSellers).execute();
  const sellers = await db.selectFrom('company').select('id').where('is_seller', '=', true).orderBy('id').execute();

  // Trade circles: a seller-led circle the formal buyer belongs to; the registered member's request is pending.
  const peers = sellers.slice(1, 4).map((s) => s.id);
  const [south, east] = await db.insertInto('trade_circle').values([
    { name: '华南汽配商圈', owner_company: 2 },
    { name: '长三角维修联盟', owner_company: 3, is_internal: true },
  ]).returning('id').execute();
  await db.insertInto('trade_circle_member').values([
    { circle_id: south.id, company_id: 2, member_state: 'approved' },
    { circle_id: south.id, company_id: 3, member_state: 'approved' },
    ...peers.map((company_id) => ({ circle_id: south.id, company_id, member_state: 'approved' as const })),
    { circle_id: south.id, company_id: 4, member_state: 'pending' },
    { circle_id: east.id, company_id: 3, member_state: 'approved' },
    { circle_id: east.id, company_id: 5, member_state: 'approved' },
  ]).execute();

  // Stock rows, generated in the database: product, seller, quality, brand and prices picked by hashes of the row number.
  await sql`create temporary table gen_seller as select row_number() over (order by id) - 1 as idx, id from company where id = any(${sql.val(sellers.map((s) => s.id))}::int[])`.execute(db);
  await sql`create temporary table gen_factory as
    select make_id, row_number() over (partition by make_id order by id) - 1 as idx, count(*) over (partition by make_id) as n, id from factory_make`.execute(db);
  // Per part name: its group's traits, the ids of the brands that make it ('{}' when none does),
  // whether it is remanufactured, whether it comes off a scrapped car whole, and its unit.
  const kinds = PARTS.flatMap((g) => g.names.map((n) => ({ ...n, ...GROUP_TRAITS[g.group], brandIds: `{${n.brands.map((b) => brandId.get(b)!).join(',')}}` })));
  await sql`create temporary table gen_part as select * from unnest(${sql.val(kinds.map((k) => k.name))}::text[], ${sql.val(kinds.map((k) => k.category))}::text[],
    ${sql.val(kinds.map((k) => k.size[0]))}::int[], ${sql.val(kinds.map((k) => k.size[1]))}::int[], ${sql.val(kinds.map((k) => k.size[2]))}::int[],
    ${sql.val(kinds.map((k) => k.weight))}::int[], ${sql.val(kinds.map((k) => k.brandIds))}::text[], ${sql.val(kinds.map((k) => k.reman === true))}::bool[],
    ${sql.val(kinds.map((k) => usedPartAllowed(k)))}::bool[], ${sql.val(kinds.map((k) => k.unit ?? '个'))}::text[])
    as g(name, category, l, w, h, weight, brand_ids, reman, used_ok, unit)`.execute(db);
  await sql`alter table gen_part alter column brand_ids type int[] using brand_ids::int[]`.execute(db);
  const areaCountries = AREAS.map((a) => AREA_COUNTRY[a] ?? '中国');
  const started = Date.now();
  const batch = 200_000;
  await withIndexesBuiltAfter(db, opts.rows >= (opts.bulkLoadFrom ?? BULK_LOAD_ROWS), log, async () => {
    for (let from = 1; from <= opts.rows; from += batch) {
      const to = Math.min(opts.rows, from + batch - 1);
      await sql`
        insert into stock (company_id, product_id, oe_norm, supplier_oe, supplier_code, name, part_brand_id, quality_id, make_id, terminology_id,
          supplier_vehicle, product_specification, producing_area, uom_name, quantity, price99, price0, price1, price2, price3, price5, price_lock, packing_count, usage_per_car,
          default_code, custom_brand_name, category_name, factory_make_id, country_id, vn_price, vn_quantity, sale_state, clean_state,
          length_mm, width_mm, height_mm, weight_g, volume_cm3, note, spot)
        select s.id, p.id, p.oe_norm, p.oe_number,
          'SP' || lpad((h.h3 % 1000000)::text, 6, '0'),
          p.name,
          br.brand_id,
          q.q,
          p.make_id, p.terminology_id, p.vehicle,
          case when p.name = '轮胎' then (${sql.val(TYRE_SIZES)}::text[])[1 + h.h2 % ${TYRE_SIZES.length}]
            when h.h3 % 3 = 0 then '标准' when h.h3 % 3 = 1 then '加强型' else '' end,
          (${sql.val(AREAS)}::text[])[1 + h.h1 % ${AREAS.length}],
          gp.unit,
          case when (h.h3 / 7) % 9 = 0 then 0 else 1 + (h.h1 / 3) % 120 end,
          round(p.list_price * m.f * 1.35),
          round(p.list_price * m.f),
          round(p.list_price * m.f * 1.13),
          round(p.list_price * m.f * 1.3),
          round(p.list_price * m.f * 1.3 * 1.13),
          (h.h3 % 5) * 100,
          h.h1 % 13 = 0,
          1 + h.h2 % 4, 1 + h.h3 % 4,
          'K' || s.id || '-' || lpad(p.id::text, 6, '0'),
          br.custom_name,
          gp.category, gf.id, co.id,
          case when h.h2 % 3 = 0 then round(p.list_price * m.f / 100.0 * ${VND_PER_YUAN} * 1.25 / 1000) * 1000 end,
          case when h.h2 % 3 = 0 then (h.h1 / 7) % 40 else 0 end,
          case when h.h2 % 17 = 0 then 'promotion' else 'normal' end,
          case when h.h3 % 23 = 0 then 'clearance' else 'normal' end,
          round(gp.l * v.f), round(gp.w * v.f), round(gp.h * v.f), round(gp.weight * v.f * v.f),
          round(gp.l * gp.w * gp.h * v.f * v.f * v.f / 1000.0),
          case when h.h1 % 11 < 3 then (${sql.val(NOTES)}::text[])[1 + h.h2 % ${NOTES.length}] else '' end,
          -- 现货 (docs/spot-goods.md): one in eight rows in stock is marked ready to ship today
          (h.h3 / 7) % 9 <> 0 and h.h1 % 8 = 0
        from generate_series(${from}::int, ${to}::int) g
        cross join lateral (select abs(hashint4(g)) as h1, abs(hashint4(g + 104729)) as h2, abs(hashint4(g * 31 + 7)) as h3) h
        join product p on p.id = 1 + h.h1 % ${products.length}
        join gen_seller s on s.idx = h.h2 % ${sellers.length}
        join gen_part gp on gp.name = p.name
        join make mk on mk.id = p.make_id
        cross join lateral (select case when h.h3 % 10 < 3 then 1 when h.h3 % 10 < 7 then 2 when h.h3 % 10 < 9 then 3 else 4 + h.h1 % 2 end as base) qb
        -- tyres are sold as brand parts only; a worn part never as 拆车件; only remanufactured kinds as 再制造件
        cross join lateral (select case
          when p.name = '轮胎' then 2
          when qb.base = 4 and not gp.used_ok then 2
          when qb.base = 5 and not gp.reman then case when gp.used_ok then 4 else 3 end
          else qb.base end as q) q
        -- 原厂件 and 拆车件 carry the make's own brand; 品牌件 and 再制造件 a brand that makes the part;
        -- 副厂件 (and parts no listed brand makes) a seller's own brand name
        cross join lateral (select
          case when q.q in (2, 5) and cardinality(gp.brand_ids) > 0 then gp.brand_ids[1 + h.h2 % cardinality(gp.brand_ids)] end as brand_id,
          case when q.q in (1, 4) then mk.name
            when q.q = 3 or cardinality(gp.brand_ids) = 0 then (${sql.val(CUSTOM_BRANDS)}::text[])[1 + h.h1 % ${CUSTOM_BRANDS.length}]
            else '' end as custom_name) br
        cross join lateral (select 0.8 + (h.h2 % 41) / 100.0 as f) v
        left join gen_factory gf on gf.make_id = p.make_id and gf.idx = h.h3 % gf.n
        join country co on co.name_cn = (${sql.val(areaCountries)}::text[])[1 + h.h1 % ${AREAS.length}]
        cross join lateral (select case q.q when 1 then 0.92 when 2 then 0.62 when 3 then 0.38 when 4 then 0.3 else 0.45 end * (0.9 + (h.h3 % 200) / 1000.0) as f) m
      `.execute(db);
      log(`stock rows: ${to} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    }
  });
  await sql`drop table gen_seller, gen_factory, gen_part`.execute(db);
  await refreshSearchTerms(db);
  await sql`analyze`.execute(db);
  return { products: products.length, relations: relations.length / 2, sellers: sellers.length };
};

/** Rebuilds the keyword dictionary from the catalogue (after bulk loads and stock imports). */
export const refreshSearchTerms = async (db: Kysely<DB>) => {
  await sql`
    insert into search_term (kind, term, ref_id)
    select 'name', name, null from (select distinct name from stock) n
    union all select 'brand', name, id from part_brand
    union all select 'make', name, id from make
    union all select 'vehicle', supplier_vehicle, null from (select distinct supplier_vehicle from stock where supplier_vehicle <> '') v
    on conflict (kind, term) do nothing`.execute(db);
};
