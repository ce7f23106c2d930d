/**
 * Browser end-to-end of the operator's company pages, fourth part at 1024×768: the
 * operator recommends two companies in an order and the storefront home shows them in it; with
 * change review on, a seller's new company name waits (资料变更审核中) until the operator approves
 * it; a branch linked on 总分公司 shows on the company detail and the shop page; a conversation is
 * read on 聊天记录查询, and so is a group chat found by a member's company; each reading is in the
 * audit log. Screenshots of each page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { noSideScroll, operatorMenu, startE2E, type E2E } from './harness';
import { chatWindow } from './chat-page';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => e2e?.close());

/** types into a company picker and takes the suggestion naming the company */
const pick = async (page: Page, inputId: string, text: string, name: string) => {
  const input = page.locator(`#${inputId}`);
  // a click on a suggestion the list redraws under it (a late answer) picks nothing: type and pick
  // again until the box holds the company, as a person would
  // again, and a search whose answer never came (no list at all under a loaded machine) is typed again too
  for (let attempt = 1; ; attempt++) {
    await input.fill('');
    await input.fill(text);
    try {
      await page.getByRole('option', { name: new RegExp(name) }).click({ timeout: 10_000 });
      await expect.poll(() => input.inputValue(), { timeout: 1500 }).toBe(name);
      return;
    } catch (e) {
      if (attempt === 3) throw e;
    }
  }
};

describe('operator company pages', () => {
  it('recommends companies in an order that the storefront home shows', async () => {
    const { page } = await e2e.operatorPage('operator', { confirmDialogs: true });
    await operatorMenu(page).getByRole('link', { name: '首页推荐' }).click();
    await page.waitForURL((u) => u.pathname === '/operation/company/recommend');
    await page.getByText('还没有推荐企业').waitFor();
    await pick(page, 'recommend-add', '申通', '上海申通汽车维修服务有限公司');
    await page.getByRole('button', { name: '加入列表' }).click();
    await pick(page, 'recommend-add', '骏达', '广州骏达汽车配件有限公司');
    await page.getByRole('button', { name: '加入列表' }).click();
    await page.getByRole('button', { name: '上移 广州骏达汽车配件有限公司' }).click();
    await page.getByRole('button', { name: '保存顺序' }).click();
    await expect(page.getByTestId('op-status')).toContainText('首页推荐已保存');
    await expect(page.getByRole('list', { name: '推荐企业顺序' }).getByRole('listitem')).toHaveCount(2);
    await noSideScroll(page);
    await e2e.shot(page, 'operation-company-recommend');

    const guest = await e2e.newPage();
    await guest.page.setViewportSize({ width: 1024, height: 768 });
    await guest.page.goto(`${e2e.url}/`);
    const section = guest.page.getByRole('region', { name: '推荐企业' });
    await section.waitFor();
    await expect(section.getByRole('link')).toHaveCount(2);
    await expect.poll(() => section.getByRole('link').allInnerTexts()).toEqual([expect.stringContaining('广州骏达汽车配件有限公司'), expect.stringContaining('上海申通汽车维修服务有限公司')]);
    await noSideScroll(guest.page);
    await e2e.shot(guest.page, 'operation-company-recommend-home');
    await guest.page.setViewportSize({ width: 1366, height: 768 });
    await noSideScroll(guest.page);
    await e2e.shot(guest.page, 'operation-company-recommend-home-1366');
  });

  it('with review on, a seller\'s new name waits until the operator approves it', async () => {
    await e2e.pglite.query(`update system_param set value = '1' where key = 'company_change_review'`);
    const seller = await e2e.newPage();
    await seller.page.setViewportSize({ width: 1024, height: 768 });
    await e2e.signIn(seller.page, '/login', 'seller');
    await seller.page.goto(`${e2e.url}/backend/settings/enterprise`);
    await seller.page.locator('#name').fill('广州骏达汽配集团有限公司');
    await seller.page.getByRole('button', { name: '保存', exact: true }).click();
    const notice = seller.page.getByTestId('change-notice');
    await expect(notice).toContainText('资料变更审核中');
    await expect(notice).toContainText('企业名称：广州骏达汽车配件有限公司 → 广州骏达汽配集团有限公司');
    // the form shows what was asked for; the buyer-facing name is still the old one until approved
    await expect(seller.page.locator('#name')).toHaveValue('广州骏达汽配集团有限公司');
    expect((await e2e.pglite.query<{ name: string }>(`select name from company where id = 2`)).rows[0].name).toBe('广州骏达汽车配件有限公司');
    await e2e.shot(seller.page, 'operation-company-review-seller');

    const { page } = await e2e.operatorPage('operator', { confirmDialogs: true });
    await operatorMenu(page).getByRole('link', { name: '资料变更审核' }).click();
    await page.waitForURL((u) => u.pathname === '/operation/company/review');
    await expect(page.getByTestId('review-switch')).toContainText('已开启');
    await expect(page.getByTestId('list-row')).toHaveCount(1);
    await expect(page.getByTestId('list-row')).toContainText('广州骏达汽配集团有限公司');
    await noSideScroll(page);
    await e2e.shot(page, 'operation-company-review');
    await page.setViewportSize({ width: 1366, height: 768 });
    await e2e.shot(page, 'operation-company-review-1366');
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.getByRole('button', { name: '通过 广州骏达汽车配件有限公司' }).click();
    await expect(page.getByTestId('op-status')).toContainText('已通过');

    await seller.page.reload();
    await expect(seller.page.locator('#name')).toHaveValue('广州骏达汽配集团有限公司');
    await expect(seller.page.getByTestId('change-notice')).toHaveCount(0);
  });

  it('links a branch shown on the detail and the shop, and logs reading a conversation', async () => {
    const { page } = await e2e.operatorPage('operator', { confirmDialogs: true });
    await page.goto(`${e2e.url}/operation/company/relation`);
    await pick(page, 'relation-head', '骏达', '广州骏达汽配集团有限公司');
    await pick(page, 'relation-branch', '顺捷', '杭州顺捷汽车修理厂');
    await page.getByRole('button', { name: '设为分公司' }).click();
    await expect(page.getByTestId('op-status')).toContainText('杭州顺捷汽车修理厂 已设为 广州骏达汽配集团有限公司 的分公司');
    await expect(page.getByTestId('list-row')).toHaveCount(1);
    await noSideScroll(page);
    await e2e.shot(page, 'operation-company-relation');
    await page.getByRole('link', { name: '杭州顺捷汽车修理厂' }).click();
    await expect(page.getByTestId('relation-head')).toContainText('广州骏达汽配集团有限公司');

    const buyer = await e2e.newPage();
    await buyer.page.setViewportSize({ width: 1024, height: 768 });
    await e2e.signIn(buyer.page, '/login', 'buyer');
    await buyer.page.goto(`${e2e.url}/company/2`);
    await expect(buyer.page.getByTestId('shop-branches')).toContainText('杭州顺捷汽车修理厂');
    await e2e.shot(buyer.page, 'operation-company-relation-shop');

    const conv = (await e2e.pglite.query<{ id: number }>(`insert into im_conversation (user_low, user_high, last_sent_at)
      select s.id, b.id, now() from app_user s, app_user b where s.username = 'seller' and b.username = 'buyer' returning id`)).rows[0].id;
    await e2e.pglite.query(`insert into im_message (conversation_id, sender_id, recipient_id, client_msg_id, message_type, text, sent_at)
      select ${conv}, b.id, s.id, 'e2e-1', 'RC:TxtMsg', '发来的刹车片型号不对，要求退货', now() from app_user s, app_user b where s.username = 'seller' and b.username = 'buyer'`);
    await operatorMenu(page).getByRole('link', { name: '聊天记录查询' }).click();
    await page.locator('#filter-a').fill('王志强');
    await page.locator('#filter-b').fill('骏达');
    await page.getByRole('button', { name: '搜索' }).click();
    await expect(page.getByTestId('list-row')).toHaveCount(1);
    await page.getByRole('button', { name: `查看会话 ${conv}` }).click();
    await expect(page.getByTestId('chat-log')).toContainText('发来的刹车片型号不对，要求退货');
    await noSideScroll(page);
    await e2e.shot(page, 'operation-chat-history');
    const logged = await e2e.pglite.query<{ username: string }>(`select username from operator_audit where entity = 'conversation' and entity_id = '${conv}' and action = 'read'`);
    expect(logged.rows).toEqual([{ username: 'operator' }]);

    // a group chat: found by a member's company, read, and logged as well
    const group = (await e2e.pglite.query<{ id: number }>(`insert into im_group (uuid, name, owner_id, last_sent_at)
      select gen_random_uuid(), '刹车片退货协调群', id, now() from app_user where username = 'seller' returning id`)).rows[0].id;
    await e2e.pglite.query(`insert into im_group_member (group_id, user_id) select ${group}, id from app_user where username in ('seller', 'buyer')`);
    await e2e.pglite.query(`insert into im_message (group_id, sender_id, client_msg_id, message_type, text, sent_at)
      select ${group}, id, 'e2e-g1', 'RC:TxtMsg', '群里确认：退货运费由卖家承担', now() from app_user where username = 'buyer'`);
    await page.getByRole('group', { name: '会话类型' }).getByRole('button', { name: '群聊' }).click();
    await expect(page.getByRole('main')).toContainText('请输入群名称');
    await page.locator('#filter-a').fill('申通');
    await page.getByRole('button', { name: '搜索' }).click();
    await expect(page.getByTestId('list-row')).toHaveCount(1);
    await expect(page.getByTestId('list-row')).toContainText('刹车片退货协调群');
    await page.getByRole('button', { name: `查看群聊 ${group}` }).click();
    await expect(page.getByRole('region', { name: '群聊内容' }).getByTestId('chat-log')).toContainText('申通汽修 · 王志强');
    await expect(page.getByTestId('chat-log')).toContainText('群里确认：退货运费由卖家承担');
    await noSideScroll(page);
    await e2e.shot(page, 'operation-chat-history-group');
    await page.setViewportSize({ width: 1366, height: 900 });
    await e2e.shot(page, 'operation-chat-history-group-1366');
    const groupLog = await e2e.pglite.query<{ username: string }>(`select username from operator_audit where entity = 'chat_group' and entity_id = '${group}' and action = 'read'`);
    expect(groupLog.rows).toEqual([{ username: 'operator' }]);
  });

  it('removes one 展厅 photo with a reason: the shop page no longer shows it', async () => {
    const { page, context } = await e2e.operatorPage('operator', { confirmDialogs: true });
    await operatorMenu(page).getByRole('link', { name: '店铺展厅' }).click();
    await page.waitForURL((u) => u.pathname === '/operation/company/exhibition');
    // the demo seller, by the start of its name (an earlier test of this file renames it)
    const row = page.getByRole('row').filter({ hasText: '广州骏达' });
    await row.getByRole('img', { name: '分拣包装' }).waitFor();
    await noSideScroll(page);
    await e2e.shot(page, 'operation-exhibition');
    await row.getByRole('button', { name: /移除 .* 分拣包装/ }).click();
    const dialog = page.getByRole('dialog', { name: '移除展厅图片' });
    await dialog.getByRole('button', { name: '确认移除' }).click();
    await dialog.getByText('请填写移除原因（至少2个字符）').waitFor();
    await dialog.getByLabel('移除原因').fill('图片含联系方式');
    await dialog.getByRole('button', { name: '确认移除' }).click();
    await page.getByTestId('op-status').filter({ hasText: /^已移除广州骏达.*的“分拣包装”，已通知企业负责人$/ }).waitFor();
    await expect(row.getByRole('img', { name: '分拣包装' })).toHaveCount(0);
    await expect(row.getByRole('img', { name: '仓储区' })).toHaveCount(1);
    await context.close();

    const buyer = await e2e.newPage();
    await e2e.signIn(buyer.page, '/login', 'buyer');
    // the shop's photos are on its 工厂 tab
    await buyer.page.goto(`${e2e.url}/company/2?tab=factory`);
    await buyer.page.getByRole('img', { name: '仓储区' }).first().waitFor();
    await expect(buyer.page.getByRole('img', { name: '分拣包装' })).toHaveCount(0);
    await buyer.context.close();
  });

  it('groups companies and sends a notice: the owner of a member company reads it from 消息助手 in chat', async () => {
    const text = '春节物流安排：2月1日至7日暂停发货，请提前备货。';
    const { page, context } = await e2e.operatorPage('operator', { confirmDialogs: true });
    await operatorMenu(page).getByRole('link', { name: '企业分组' }).click();
    await page.waitForURL((u) => u.pathname === '/operation/company/group');
    await page.getByText('还没有企业分组').waitFor();
    await page.getByRole('button', { name: '新建分组' }).click();
    const dialog = page.getByRole('dialog', { name: '新建企业分组' });
    await dialog.locator('#name').fill('重');
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(dialog.locator('#name-error')).toHaveText('分组名称至少2个字符');
    await dialog.locator('#name').fill('重点客户');
    await dialog.locator('#description').fill('年采购额百万以上的经销商');
    await dialog.getByRole('button', { name: '保存' }).click();
    await page.waitForURL((u) => u.pathname === '/operation/company/group/edit');
    await page.getByRole('heading', { level: 2, name: '重点客户' }).waitFor();

    // an empty group cannot be messaged
    await page.locator('#text').fill(text);
    await page.getByRole('button', { name: '发送通知' }).click();
    await expect(page.getByRole('region', { name: '群发通知' }).getByRole('alert')).toHaveText(/分组中还没有企业，不能群发/);

    await pick(page, 'group-add', '申通', '上海申通汽车维修服务有限公司');
    await page.getByRole('button', { name: '加入分组' }).click();
    await expect(page.getByTestId('op-status')).toHaveText('上海申通汽车维修服务有限公司 已加入分组');
    await expect(page.getByTestId('group-members')).toContainText('上海申通汽车维修服务有限公司');

    // a second company joins from the company list's batch selection
    await operatorMenu(page).getByRole('link', { name: '企业列表', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/operation/company/list');
    await page.locator('#filter-k').fill('顺捷');
    await page.getByRole('button', { name: '搜索' }).click();
    await expect(page.getByTestId('list-row')).toHaveCount(1);
    await page.getByRole('checkbox', { name: '选择 杭州顺捷汽车修理厂' }).check();
    await page.getByRole('button', { name: '加入分组' }).click();
    const join = page.getByRole('dialog', { name: /加入分组/ });
    await join.getByRole('button', { name: '加入分组' }).click();
    await expect(join.locator('#id-error')).toHaveText('请选择分组');
    await join.locator('.p-dropdown').click();
    await page.getByRole('option', { name: '重点客户' }).click();
    await e2e.shot(page, 'operation-company-list-join-group');
    await join.getByRole('button', { name: '加入分组' }).click();
    await expect(page.getByTestId('op-status')).toHaveText('已把 1 家企业加入分组“重点客户”，分组现有 2 家');
    await page.goBack();
    await page.goBack();
    await page.waitForURL((u) => u.pathname === '/operation/company/group/edit');
    await expect(page.getByTestId('group-members')).toContainText('杭州顺捷汽车修理厂');

    await page.locator('#text').fill(text);
    await page.getByRole('button', { name: '发送通知' }).click();
    await expect(page.getByTestId('op-status')).toHaveText('通知已发出：2 家企业、2 位用户会在聊天的“消息助手”中看到');
    await noSideScroll(page);
    await e2e.shot(page, 'operation-company-group');
    await page.setViewportSize({ width: 1366, height: 900 });
    await e2e.shot(page, 'operation-company-group-1366');
    await page.setViewportSize({ width: 1024, height: 768 });

    // the company list filters by the group; the record of sent notices lists the send
    await page.getByRole('link', { name: '在企业列表中查看' }).click();
    await page.waitForURL((u) => u.pathname === '/operation/company/list');
    await expect(page.getByTestId('list-row')).toHaveCount(2);
    await expect(page.getByTestId('list-row').first()).toContainText('杭州顺捷汽车修理厂');
    await expect(page.getByRole('search')).toContainText('重点客户');
    await operatorMenu(page).getByRole('link', { name: '群发记录' }).click();
    await page.waitForURL((u) => u.pathname === '/operation/report/groupMessage');
    const record = page.getByTestId('list-row');
    await expect(record).toHaveCount(1);
    await expect(record).toContainText(text);
    await expect(record).toContainText('重点客户');
    await expect(record).toContainText('2 / 2');
    await noSideScroll(page);
    await e2e.shot(page, 'operation-group-messages');
    await context.close();

    // the buyer owns 上海申通
    const owner = await e2e.newPage();
    await owner.page.setViewportSize({ width: 1024, height: 768 });
    await e2e.signIn(owner.page, '/login', 'buyer');
    await owner.page.getByRole('button', { name: /^在线聊天/ }).click();
    const win = chatWindow(owner.page);
    await win.getByRole('button', { name: /消息助手/ }).click();
    const card = win.locator('[data-testid="biz-card"][data-scene="notice"]').filter({ hasText: '平台通知' });
    await expect(card).toContainText(`平台通知：${text}`);
    // the group's name is the operators' own word and never reaches the company
    await expect(card).not.toContainText('重点客户');
    await e2e.shot(owner.page, 'operation-group-notice-owner');
    await owner.context.close();
  });
});
