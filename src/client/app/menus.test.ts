import { describe, expect, it } from 'vitest';
import { BACKOFFICE_MENU, backofficeRule, OPERATOR_MENU, STOREFRONT_NAV, visibleEntries } from './menus';
import { guard } from '../../shared/domain/guards';

const paths = (user: Parameters<typeof visibleEntries>[1]) => visibleEntries(STOREFRONT_NAV, user).map((e) => e.path);

describe('permission gating of the nav', () => {
  it('a guest sees only the home entry', () => {
    expect(paths(null)).toEqual(['/']);
  });
  it('the back office needs a back-office code', () => {
    expect(paths({ company_id: 2, permissions: ['M03', 'C11'] })).toEqual(['/', '/search', '/backend']);
    expect(paths({ company_id: 3, permissions: ['C07', 'C08', 'M02'] })).toEqual(['/', '/search', '/enquiry/list', '/activity', '/backend']);
    expect(paths({ company_id: 4, permissions: ['C07', 'C15'] })).toEqual(['/', '/search', '/enquiry/list']);
  });
  it('the operator platform shows only to the head company', () => {
    expect(paths({ company_id: 1, permissions: ['D00', 'M03'] })).toEqual(['/', '/search', '/backend', '/operation']);
    expect(paths({ company_id: 2, permissions: ['D00'] })).toEqual(['/', '/search']);
  });
});

describe('activities (docs/activities.md) in the menus', () => {
  it('活动 for a Chinese buyer, 活动报名 for a seller with M03, 活动列表 and 活动审核 by their D codes', () => {
    expect(paths({ company_id: 3, permissions: ['C09'], is_seller: false, country: 'CN' })).toContain('/activity');
    expect(paths({ company_id: 9, permissions: ['C09'], is_seller: false, country: 'VN' })).not.toContain('/activity');
    expect(paths({ company_id: 4, permissions: ['C07', 'C15'] })).not.toContain('/activity');
    const back = (user: Parameters<typeof visibleEntries>[1]) => visibleEntries(BACKOFFICE_MENU, user).map((e) => e.path);
    expect(back({ company_id: 2, permissions: ['M03'], is_seller: true })).toContain('/backend/product/activity');
    expect(back({ company_id: 4, permissions: ['M03'], is_seller: false })).not.toContain('/backend/product/activity');
    const op = (codes: string[]) => visibleEntries(OPERATOR_MENU, { company_id: 1, permissions: codes }).map((e) => e.label);
    expect(op(['D08'])).toEqual(expect.arrayContaining(['活动列表', '活动审核']));
    expect(op(['D08-02'])).toContain('活动列表');
    expect(op(['D08-02'])).not.toContain('活动审核');
    expect(op(['D08-03'])).toEqual(['首页', '活动审核']);
    expect(op(['D08-01'])).not.toContain('活动列表');
  });
});

describe('微信模板消息 and 批量工具 (docs/wechat.md, docs/batch-jobs.md) in the operator menu', () => {
  it('each by its own D11 code, both with the group code D11', () => {
    const op = (codes: string[]) => visibleEntries(OPERATOR_MENU, { company_id: 1, permissions: codes }).map((e) => e.path);
    expect(op(['D11'])).toEqual(expect.arrayContaining(['/operation/system/notice/wechat', '/operation/system/batchtools']));
    expect(op(['D11-05'])).toEqual(['/operation', '/operation/system/notice/wechat']);
    expect(op(['D11-06'])).toEqual(['/operation', '/operation/system/batchtools']);
    expect(op(['D11-01', 'D11-02'])).not.toEqual(expect.arrayContaining(['/operation/system/notice/wechat']));
    expect(op(['D11-01', 'D11-02'])).not.toContain('/operation/system/batchtools');
  });
});

describe('the Vietnam mall in the nav', () => {
  it('shows 越南商城 instead of 配件搜索 to a buyer of a Vietnamese company, and the other way round to a Chinese one', () => {
    const codes = ['C09', 'M02'];
    expect(paths({ company_id: 9, permissions: codes, is_seller: false, country: 'VN' })).toEqual(expect.arrayContaining(['/vnmall']));
    expect(paths({ company_id: 9, permissions: codes, is_seller: false, country: 'VN' })).not.toContain('/search');
    expect(paths({ company_id: 3, permissions: codes, is_seller: false, country: 'CN' })).toContain('/search');
    expect(paths({ company_id: 3, permissions: codes, is_seller: false, country: 'CN' })).not.toContain('/vnmall');
  });
});

describe('卖家入驻 and 商圈 in the nav', () => {
  const labels = (user: Parameters<typeof visibleEntries>[1]) => visibleEntries(STOREFRONT_NAV, user).map((e) => e.label);
  it('shows 卖家入驻 to companies known not to sell, never to sellers or the head company', () => {
    expect(labels({ company_id: 3, permissions: ['C12'], is_seller: false })).toEqual(expect.arrayContaining(['商圈', '卖家入驻']));
    expect(labels({ company_id: 2, permissions: ['C12'], is_seller: true })).not.toContain('卖家入驻');
    expect(labels({ company_id: 1, permissions: ['C12'], is_seller: false })).not.toContain('卖家入驻');
  });
  it('shows 商圈 only with the trade-circle code C12', () => {
    expect(labels({ company_id: 4, permissions: ['C07', 'C15'], is_seller: false })).not.toContain('商圈');
  });
});

describe('the back-office guard', () => {
  const member = { company_id: 4, permissions: ['C07', 'C15'] };
  const seller = { company_id: 2, permissions: ['M03', 'C11'] };
  it('opens one\'s own profile and password to every signed-in user', () => {
    for (const p of ['/backend/settings/profile', '/backend/settings/password']) {
      expect(guard(p, backofficeRule(p), member)).toBeNull();
      expect(guard(p, backofficeRule(p), null)).toEqual({ to: '/login', redirect: p });
    }
  });
  it('keeps the rest of the back office for holders of a back-office code', () => {
    expect(guard('/backend', backofficeRule('/backend'), member)).toEqual({ to: '/' });
    expect(guard('/backend/store', backofficeRule('/backend/store'), member)).toEqual({ to: '/backend' });
    expect(guard('/backend', backofficeRule('/backend'), seller)).toBeNull();
  });
  it('opens order and finance pages to their own codes, which need no back-office menu code', () => {
    const c09 = { company_id: 3, permissions: ['C09'] };
    const c10 = { company_id: 2, permissions: ['C10'] };
    expect(guard('/backend/order/purchase', backofficeRule('/backend/order/purchase'), c09)).toBeNull();
    expect(guard('/backend/order/sales', backofficeRule('/backend/order/sales'), c09)).toEqual({ to: '/backend' });
    expect(guard('/backend/order/sales', backofficeRule('/backend/order/sales'), c10)).toBeNull();
    expect(guard('/backend/order/detail/SO1', backofficeRule('/backend/order/detail/SO1'), c10)).toBeNull();
    expect(guard('/backend/accounting/wallet', backofficeRule('/backend/accounting/wallet'), c09)).toBeNull();
    expect(guard('/backend/accounting/wallet', backofficeRule('/backend/accounting/wallet'), member)).toEqual({ to: '/backend' });
    // 售后服务 (M08) opens to either side's order codes too
    expect(guard('/backend/service/afterSale', backofficeRule('/backend/service/afterSale'), c09)).toBeNull();
    expect(guard('/backend/service/afterSale/detail/AS1', backofficeRule('/backend/service/afterSale/detail/AS1'), c10)).toBeNull();
    expect(guard('/backend/service/afterSale', backofficeRule('/backend/service/afterSale'), member)).toEqual({ to: '/backend' });
    // 供应商 (docs/customers.md) opens to whoever buys for the company
    expect(guard('/backend/customer/supplier', backofficeRule('/backend/customer/supplier'), c09)).toBeNull();
    expect(guard('/backend/customer/customer', backofficeRule('/backend/customer/customer'), c09)).toEqual({ to: '/backend' });
    // 分公司 (docs/customers.md "Branch companies") too: the server lets only the owner change links
    expect(guard('/backend/customer/branch', backofficeRule('/backend/customer/branch'), c09)).toBeNull();
    expect(visibleEntries(BACKOFFICE_MENU, c09).map((e) => e.label)).toEqual(['采购订单', '售后服务', '供应商', '分公司', '我的财务', '积分', '申请开票', '开票记录', '发票抬头', '我的优惠券', '企业信息', '个人资料', '修改密码']);
    // the statement, the pledge and the services are the wallet holder's: the owner or an accounting code
    expect(visibleEntries(BACKOFFICE_MENU, { ...c09, is_owner: true }).map((e) => e.label)).toEqual(expect.arrayContaining(['我的财务', '账单', '购买服务']));
    expect(visibleEntries(BACKOFFICE_MENU, { company_id: 2, permissions: ['M09'], is_seller: true }).map((e) => e.label)).toEqual(expect.arrayContaining(['我的财务', '账单', '保证金', '购买服务']));
    // 业绩奖励 (docs/bonus.md): a seller's wallet holder only; a buyer's accountant has none
    expect(visibleEntries(BACKOFFICE_MENU, { company_id: 2, permissions: ['M09'], is_seller: true }).map((e) => e.label)).toContain('业绩奖励');
    expect(visibleEntries(BACKOFFICE_MENU, { company_id: 3, permissions: ['M09'], is_seller: false }).map((e) => e.label)).not.toContain('业绩奖励');
    expect(visibleEntries(BACKOFFICE_MENU, { company_id: 2, permissions: ['M03', 'C11'], is_seller: true }).map((e) => e.label)).not.toContain('业绩奖励');
  });
  it('lets a holder of a back-office code into the layout of a page it may not open, where the page says 无权访问', () => {
    const clerk = { company_id: 2, permissions: ['M03', 'C11'] };
    expect(guard('/backend/order/sales', backofficeRule('/backend/order/sales'), clerk)).toBeNull();
    // the page route's own rule refuses (routes/backend/order.sales.tsx)
    expect(guard('/backend/order/sales', { auth: true, permissions: ['M01-00', 'M01-01', 'C10'] }, clerk)).not.toBeNull();
  });
  it('shows a member only its wanted requests and the settings entries of the back-office menu', () => {
    expect(visibleEntries(BACKOFFICE_MENU, member).map((e) => e.path)).toEqual(['/backend/order/asktobuy', '/backend/settings/enterprise', '/backend/settings/profile', '/backend/settings/password']);
    // 我的求购 opens for the wanted-request codes, not for a purchase-only user
    expect(guard('/backend/order/asktobuy', backofficeRule('/backend/order/asktobuy'), { company_id: 2, permissions: ['C15'] })).toBeNull();
    expect(guard('/backend/order/asktobuy', backofficeRule('/backend/order/asktobuy'), { company_id: 2, permissions: ['C09'] })).toEqual({ to: '/backend' });
  });
  it('shows 优惠券 and 促销计划 (营销) to a seller holding M13 only', () => {
    const marketing = (user: Parameters<typeof visibleEntries>[1]) => visibleEntries(BACKOFFICE_MENU, user).filter((e) => e.path.startsWith('/backend/marketing/')).map((e) => e.label);
    expect(marketing({ company_id: 2, permissions: ['M13'], is_seller: true })).toEqual(['优惠券', '促销计划']);
    expect(marketing({ company_id: 4, permissions: ['M13'], is_seller: false })).toEqual([]);
    expect(marketing({ company_id: 2, permissions: ['M03'], is_seller: true })).toEqual([]);
  });
  it('shows 店铺装修 only to a seller holding M14, not to the head company that holds every code', () => {
    const decorate = (user: Parameters<typeof visibleEntries>[1]) => visibleEntries(BACKOFFICE_MENU, user).some((e) => e.path === '/backend/store');
    expect(decorate({ company_id: 2, permissions: ['M14'], is_seller: true })).toBe(true);
    expect(decorate({ company_id: 1, permissions: ['M14', 'D00'], is_seller: false })).toBe(false);
    expect(decorate({ company_id: 2, permissions: ['M03'], is_seller: true })).toBe(false);
  });
});

describe('业绩奖励 in the operator menu (docs/bonus.md)', () => {
  const labels = (permissions: string[]) => visibleEntries(OPERATOR_MENU, { company_id: 1, permissions }).map((e) => e.label);
  it('shows the rules to D05-03, the figures and settled months to D05-01 or D05-03, all three to the group code D05', () => {
    const bonus = (codes: string[]) => labels(codes).filter((l) => ['奖励设置', '本月业绩', '历史结算'].includes(l));
    expect(bonus(['D05-01'])).toEqual(['本月业绩', '历史结算']);
    expect(bonus(['D05-03'])).toEqual(['奖励设置', '本月业绩', '历史结算']);
    expect(bonus(['D05'])).toEqual(['奖励设置', '本月业绩', '历史结算']);
    expect(bonus(['D05-02', 'D08', 'D10'])).toEqual([]);
  });
});

describe('the market reports in the operator menu (docs/reports.md)', () => {
  const labels = (permissions: string[]) => visibleEntries(OPERATOR_MENU, { company_id: 1, permissions }).map((e) => e.label);
  it('shows 转化报表 and 维修厂采购 to D01-01 and the group code D01, not to other codes', () => {
    expect(labels(['D01-01'])).toEqual(expect.arrayContaining(['转化报表', '维修厂采购']));
    expect(labels(['D01'])).toEqual(expect.arrayContaining(['转化报表', '维修厂采购']));
    expect(labels(['D02', 'D12'])).not.toContain('转化报表');
    expect(labels(['D02', 'D12'])).not.toContain('维修厂采购');
  });
});

describe('海外 mall pages in the operator menu (docs/overseas.md)', () => {
  const labels = (permissions: string[]) => visibleEntries(OPERATOR_MENU, { company_id: 1, permissions }).map((e) => e.label);
  it('shows 海外商品 and 海外售后 to D09-03 or the group code D09, not to D09-01 or D09-02', () => {
    expect(labels(['D09-03'])).toEqual(expect.arrayContaining(['海外商品', '海外售后']));
    expect(labels(['D09'])).toEqual(expect.arrayContaining(['海外商品', '海外售后']));
    for (const codes of [['D09-01'], ['D09-02'], ['D12']]) expect(labels(codes).filter((l) => l === '海外商品' || l === '海外售后')).toEqual([]);
  });
});

describe('汽配城, 汽配联盟, 包邮城市 and 公共页面 in the operator menu (docs/platform-settings.md)', () => {
  const labels = (permissions: string[]) => visibleEntries(OPERATOR_MENU, { company_id: 1, permissions }).map((e) => e.label)
    .filter((l) => ['汽配城', '汽配联盟', '包邮城市', '公共页面'].includes(l));
  it('shows all four to D11-04, to the system settings code D11-01 (read only: the server refuses its writes) and to the group D11; to no one else', () => {
    const all = ['汽配城', '汽配联盟', '包邮城市', '公共页面'];
    expect(labels(['D11-04'])).toEqual(all);
    expect(labels(['D11-01'])).toEqual(all);
    expect(labels(['D11'])).toEqual(all);
    expect(labels(['D11-02', 'D11-03', 'D05'])).toEqual([]);
  });
});

describe('海外账户 and 海外充值 in the operator menu (docs/money.md#money-in-dong)', () => {
  const labels = (permissions: string[]) => visibleEntries(OPERATOR_MENU, { company_id: 1, permissions }).map((e) => e.label);
  it('shows both to D05-05, to the pay readers D05-01 and to the group code D05, never to D09 or the other D05 entries', () => {
    const foreign = (codes: string[]) => labels(codes).filter((l) => ['海外账户', '海外充值'].includes(l));
    expect(foreign(['D05-05'])).toEqual(['海外账户', '海外充值']);
    expect(foreign(['D05-01'])).toEqual(['海外账户', '海外充值']);
    expect(foreign(['D05'])).toEqual(['海外账户', '海外充值']);
    expect(foreign(['D09', 'D05-02', 'D05-03', 'D05-04'])).toEqual([]);
  });
});

describe('越南盾账单 and 海外账单 (docs/money.md#overseas-bills)', () => {
  const back = (user: Parameters<typeof visibleEntries>[1]) => visibleEntries(BACKOFFICE_MENU, user).map((e) => e.label).filter((l) => l === '越南盾账单');
  it('shows 越南盾账单 to a Vietnamese company\'s users with M11 or the wallet\'s codes (the server decides the holder), never to a Chinese company', () => {
    expect(back({ company_id: 9, permissions: ['C07', 'C09', 'M02', 'M11'], country: 'VN' })).toEqual(['越南盾账单']);
    expect(back({ company_id: 9, permissions: ['M09'], country: 'VN' })).toEqual(['越南盾账单']);
    expect(back({ company_id: 9, permissions: ['C07', 'C08'], country: 'VN' })).toEqual([]);
    expect(back({ company_id: 2, permissions: ['M11', 'M09'], is_owner: true, is_seller: true, country: 'CN' })).toEqual([]);
  });
  it('shows 越南商城账单 (the same address) to a Chinese seller with M11, never to a Vietnamese company or a buyer', () => {
    const settle = (user: Parameters<typeof visibleEntries>[1]) => visibleEntries(BACKOFFICE_MENU, user).filter((e) => e.path === '/backend/overseas/bill').map((e) => e.label);
    expect(settle({ company_id: 2, permissions: ['M11'], is_seller: true, country: 'CN' })).toEqual(['越南商城账单']);
    expect(settle({ company_id: 2, permissions: ['M09'], is_seller: true, country: 'CN' })).toEqual([]);
    expect(settle({ company_id: 3, permissions: ['M11'], is_seller: false, country: 'CN' })).toEqual([]);
    expect(settle({ company_id: 9, permissions: ['M11', 'M02'], is_seller: false, country: 'VN' })).toEqual(['越南盾账单']);
  });
  it('shows 海外账单 to the 海外 readers D09, D09-01 and D09-02, not to the mall\'s D09-03 or the pay codes', () => {
    const op = (permissions: string[]) => visibleEntries(OPERATOR_MENU, { company_id: 1, permissions }).map((e) => e.label).filter((l) => l === '海外账单');
    for (const codes of [['D09'], ['D09-01'], ['D09-02']]) expect(op(codes)).toEqual(['海外账单']);
    for (const codes of [['D09-03'], ['D05'], ['D05-05']]) expect(op(codes)).toEqual([]);
  });
});
