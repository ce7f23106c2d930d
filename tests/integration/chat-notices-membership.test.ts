/**
 * The message assistant's membership notices: a paid package tells the payer and the
 * company's accountants (link: the paid order), an operator's grant of a paid level tells the owners
 * (link: the packages page), and the hourly check tells a company once that its level ends within
 * a week and once that it has ended: a second run, a restarted server (a new watch) or two runs
 * at once post nothing more, and a renewal's new end date gets its own notices.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { IM_ASSISTANT_UUID, type BizContent } from '../../src/shared/contracts';
import { createImService } from '../../src/server/modules/im/im.service';
import { createMembershipWatch } from '../../src/server/modules/membership/membership-watch';
import { backends, createTestEnv, skipReason, type TestEnv } from './harness';

interface Notice { recipient: string; title: string; text: string; no: string; link: string }
const tokenOf = (checkoutUrl: string) => new URL(checkoutUrl, 'http://x').searchParams.get('token')!;

describe.each(backends)('membership notices on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'paid, granted, expiring, expired: each once', () => {
    let env: TestEnv;
    const t: Record<string, string> = {};

    beforeAll(async () => {
      env = await createTestEnv(backend, { accessTtlSeconds: 3600 });
      for (const u of ['member', 'operator']) t[u] = (await env.login(u)).access_token;
    });
    afterAll(async () => env?.close());

    const notices = async (): Promise<Notice[]> => {
      const rows = await sql<{ username: string; text: string }>`
        select r.username, m.text from im_message m join app_user s on s.id = m.sender_id join app_user r on r.id = m.recipient_id
        where s.uuid = ${IM_ASSISTANT_UUID} order by m.id`.execute(env.database.db);
      return rows.rows.map((r) => {
        const c = JSON.parse(r.text) as BizContent;
        return { recipient: r.username, title: c.BusinessInfo.标题, text: c.BusinessInfo.内容, no: c.BusinessInfo.单号, link: c.LinkData.link };
      });
    };
    const added = async (fn: () => Promise<unknown>) => {
      const before = (await notices()).length;
      await fn();
      return (await notices()).slice(before);
    };
    const watch = () => createMembershipWatch({ db: env.database.db, clock: env.clock, notices: createImService({ clock: env.clock, db: env.database.db }) });

    it('a paid membership package tells the payer once, with the order and the new end date; the page it links shows the paid order', async () => {
      const levelId = (await env.api('getPayPackages', {}, { token: t.member })).body.data.packages[0].level_id;
      const no = (await env.api('createPackageOrder', { level_id: levelId }, { token: t.member, idempotencyKey: randomUUID() })).body.data.order_no;
      const checkout = (await env.api('payPackageOrder', { order_no: no }, { token: t.member })).body.data.checkout_url;
      const confirm = () => env.api('sandboxConfirm', { token: tokenOf(checkout), action: 'pay' }, { token: t.member });
      const got = await added(confirm);
      expect(got).toEqual([expect.objectContaining({ recipient: 'member', title: '会员套餐已支付', no, link: `/pay/package/order?order_no=${no}` })]);
      const order = (await env.api('getPackageOrder', { order_no: no }, { token: t.member })).body.data;
      expect(order.state).toBe('paid');
      const end = new Date(order.level_end_after * 1000 + 8 * 3600_000).toISOString().slice(0, 10);
      expect(got[0].text).toContain(`会员有效期至 ${end}`);
      // the provider's notice arriving again changes nothing and tells nobody again
      expect(await added(confirm)).toEqual([]);
    });

    it('an operator giving a company a paid level tells its owners once; the same level and date again tells nobody', async () => {
      const levels = await sql<{ id: number; name: string }>`select id, name from company_level where level_type = 'paid' and not is_trial and id <> (select level_id from company where id = 1) order by id`.execute(env.database.db);
      const level = levels.rows[0];
      const setLevel = () => env.api('opCompanySetLevel', { id: 4, level_id: level.id, level_end: '2027-12-31' }, { token: t.operator, idempotencyKey: randomUUID() });
      const got = await added(async () => expect((await setLevel()).body.code).toBe(200));
      expect(got).toEqual([expect.objectContaining({ recipient: 'member', title: '会员已开通', link: '/pay/package' })]);
      expect(got[0].text).toBe(`会员已开通：平台已为贵公司开通${level.name}，有效期至 2027-12-31。`);
      expect(await added(async () => expect((await setLevel()).body.code).toBe(200))).toEqual([]);
    });

    it('the hourly check: a week before the end, then at the end, each once across runs, restarts and overlapping runs', async () => {
      // company 5 (trial) ends 14 days after the seed; company 2 (seller) 45 days
      const end5 = (await env.database.db.selectFrom('company').select('level_end_at').where('id', '=', 5).executeTakeFirstOrThrow()).level_end_at!;
      const w = watch();
      expect(await added(async () => expect(await w.run()).toEqual({ expiring: 0, expired: 0 }))).toEqual([]);

      env.clock.current = new Date(new Date(end5).getTime() - 3 * 86400_000);
      const soon = await added(async () => expect(await w.run()).toEqual({ expiring: 1, expired: 0 }));
      expect(soon).toEqual([expect.objectContaining({ recipient: 'trial', title: '会员即将到期', link: '/pay/package' })]);
      expect(soon[0].text).toMatch(/将于 \d{4}-\d{2}-\d{2} 到期（剩余[34]天）/);
      // again, after a restart (a new watch), and two at once: nothing more
      expect(await added(() => w.run())).toEqual([]);
      expect(await added(() => watch().run())).toEqual([]);
      expect(await added(() => Promise.all([watch().run(), watch().run()]))).toEqual([]);

      env.clock.current = new Date(new Date(end5).getTime() + 3600_000);
      const ended = await added(async () => expect(await w.run()).toEqual({ expiring: 0, expired: 1 }));
      expect(ended).toEqual([expect.objectContaining({ recipient: 'trial', title: '会员已到期', link: '/pay/package' })]);
      expect(await added(() => Promise.all([watch().run(), w.run()]))).toEqual([]);

      // a renewal moves the end: its own week-before notice, once
      await env.database.db.updateTable('company').set({ level_end_at: new Date(env.clock.now().getTime() + 2 * 86400_000) }).where('id', '=', 5).execute();
      expect((await added(() => w.run())).map((n) => n.title)).toEqual(['会员即将到期']);
      expect(await added(() => w.run())).toEqual([]);
      const marks = await env.database.db.selectFrom('membership_notice').select(['company_id', 'kind']).where('company_id', '=', 5).orderBy('posted_at').execute();
      expect(marks).toEqual([{ company_id: 5, kind: 'expiring' }, { company_id: 5, kind: 'expired' }, { company_id: 5, kind: 'expiring' }]);
    });
  });
});
