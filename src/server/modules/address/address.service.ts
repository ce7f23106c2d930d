/** 地址簿: one company's delivery addresses; every call acts on the caller's company only. */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, Clock } from '../../http/context';
import { AppError, forbidden, invalid } from '../../http/errors';
import { ADDRESS_LIMIT, ResultCode, type Address, type PayloadOut } from '../../../shared/contracts';
import { inTransaction } from '../../db/helpers';

export const addressText = {
  full: `地址簿最多保存${ADDRESS_LIMIT}个地址，请先删除不用的地址`,
  notFound: '地址不存在',
  notOurs: '只能修改本公司的地址',
};

const list = async (db: Kysely<DB>, companyId: number) =>
  (await sql<Address>`select id, contact_name, contact_phone, address, is_default from address_book
    where company_id = ${companyId} order by is_default desc, id desc`.execute(db)).rows;

const own = async (db: Kysely<DB>, caller: Caller, id: number) => {
  const row = (await sql<{ company_id: number }>`select company_id from address_book where id = ${id} for update`.execute(db)).rows[0];
  if (!row) throw new AppError(ResultCode.notFound, 404, addressText.notFound);
  if (row.company_id !== caller.companyId) throw forbidden(addressText.notOurs);
};

export const createAddressService = (clock: Clock) => ({
  list: (db: Kysely<DB>, caller: Caller) => list(db, caller.companyId),

  save: (db: Kysely<DB>, caller: Caller, p: PayloadOut<'addressSave'>) =>
    inTransaction(db, async (trx) => {
      // one company's saves queue here, so the limit and the single default hold
      await sql`select pg_advisory_xact_lock(hashtext(${`address:${caller.companyId}`}))`.execute(trx);
      const all = await list(trx, caller.companyId);
      if (p.id === undefined && all.length >= ADDRESS_LIMIT) throw invalid('address', addressText.full);
      if (p.id !== undefined) await own(trx, caller, p.id);
      const makeDefault = p.is_default || all.length === 0;
      if (makeDefault) await sql`update address_book set is_default = false where company_id = ${caller.companyId} and is_default`.execute(trx);
      const id = p.id === undefined
        ? (await sql<{ id: number }>`insert into address_book (company_id, contact_name, contact_phone, address, is_default, created_at)
            values (${caller.companyId}, ${p.contact_name}, ${p.contact_phone}, ${p.address}, ${makeDefault}, ${clock.now()}) returning id`.execute(trx)).rows[0].id
        : (await sql<{ id: number }>`update address_book set contact_name = ${p.contact_name}, contact_phone = ${p.contact_phone}, address = ${p.address},
            is_default = is_default or ${makeDefault} where id = ${p.id} returning id`.execute(trx)).rows[0].id;
      return (await list(trx, caller.companyId)).find((a) => a.id === id)!;
    }),

  remove: (db: Kysely<DB>, caller: Caller, id: number) =>
    inTransaction(db, async (trx) => {
      await own(trx, caller, id);
      const gone = (await sql<{ is_default: boolean }>`delete from address_book where id = ${id} returning is_default`.execute(trx)).rows[0];
      // the newest left becomes the default, so checkout always has one to offer
      if (gone?.is_default) await sql`update address_book set is_default = true where id = (select max(id) from address_book where company_id = ${caller.companyId})`.execute(trx);
      return null;
    }),
});

export type AddressService = ReturnType<typeof createAddressService>;
