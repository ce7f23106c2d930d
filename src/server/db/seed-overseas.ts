/**
 * The demo Vietnamese buyer (docs/overseas.md): a company registered in Vietnam, approved by the
 * operator, with its owner `vnbuyer` (password demo123456), a couple of counted VIN decodes and a
 * quick reply of the seller still waiting for its Vietnamese, so the 海外 pages and the Vietnam
 * mall have something to show on a fresh start.
 */
import type { Kysely } from 'kysely';
import type { DB } from './schema';

export const VN_DEMO = {
  username: 'vnbuyer',
  company: 'Công ty TNHH Phụ tùng Ô tô Sài Gòn',
  province: 'Thành phố Hồ Chí Minh',
  taxCode: '0312345678',
  mobile: '+84912345678',
} as const;

const day = 86_400_000;

export const seedOverseas = async (trx: Kysely<DB>, hash: string, now: Date) => {
  const company = await trx.insertInto('company').values({
    name: VN_DEMO.company, short_name: 'Phụ tùng Sài Gòn', country: 'VN', business_type: 'parts_dealer', level_id: 2,
    level_end_at: new Date(now.getTime() + 300 * day), vin_end_at: new Date(now.getTime() + 300 * day),
    province: VN_DEMO.province, city: '', address: '215 Lý Thường Kiệt, Phường Phú Thọ', phone: VN_DEMO.mobile, created_at: new Date(now.getTime() - 20 * day),
  }).returning('id').executeTakeFirstOrThrow();
  const owner = await trx.insertInto('app_user').values({
    uuid: '00000000-0000-4000-8000-000000000084', company_id: company.id, username: VN_DEMO.username, display_name: 'Nguyễn Văn An',
    password_hash: hash, is_owner: true, allow_im: true, mobile: VN_DEMO.mobile,
    permissions: ['C07', 'C08', 'C09', 'C14', 'C15', 'M02', 'M07', 'M11', 'M11-01'], created_at: new Date(now.getTime() - 20 * day),
  }).returning('id').executeTakeFirstOrThrow();
  const operator = await trx.selectFrom('app_user').select('id').where('username', '=', 'operator').executeTakeFirstOrThrow();
  await trx.insertInto('overseas_registration').values({
    company_id: company.id, applicant_user_id: owner.id, province: VN_DEMO.province, tax_code: VN_DEMO.taxCode, state: 'approved',
    reviewer_user_id: operator.id, reviewed_at: new Date(now.getTime() - 19 * day), submitted_at: new Date(now.getTime() - 20 * day), created_at: new Date(now.getTime() - 20 * day),
  }).execute();
  await trx.insertInto('vin_query_log').values([
    { company_id: company.id, user_id: owner.id, vin: 'LFV2A21K6E3012345', created_at: new Date(now.getTime() - 3 * day) },
    { company_id: company.id, user_id: owner.id, vin: 'RL4BT9F37H9501234', created_at: new Date(now.getTime() - day) },
  ]).execute();
};
