/**
 * The companies' quick replies as the operators keep their Vietnamese side (海外 · 快捷回复,
 * docs/overseas.md): a company writes its replies in Chinese (and may add the Vietnamese); an
 * operator fills in or corrects the Vietnamese a company left out. Each change is in the audit log.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, Clock } from '../../http/context';
import { AppError } from '../../http/errors';
import { inTransaction } from '../../db/helpers';
import { ResultCode } from '../../../shared/contracts/envelope';
import { overseasText } from '../../../shared/domain/overseas';
import * as repo from './im.repo';
import * as audit from '../operation/audit.service';

export const createQuickReplyOversight = (deps: { clock: Clock }) => ({
  list: (db: Kysely<DB>, f: Parameters<typeof repo.quickRepliesOfAll>[1]) => repo.quickRepliesOfAll(db, f),

  setVietnamese: (db: Kysely<DB>, caller: Caller, id: number, vn: string) =>
    inTransaction(db, async (trx) => {
      const row = await repo.lockQuickReply(trx, id);
      if (!row) throw new AppError(ResultCode.notFound, 404, overseasText.quickReplyNotFound);
      if (row.vn_message !== vn) {
        await repo.setQuickReplyVn(trx, id, vn);
        await audit.record(trx, caller, deps.clock.now(), [{
          entity: 'quick_reply', entity_id: id, action: 'set', old: { vn_message: row.vn_message }, new: { vn_message: vn },
          note: `${row.company_name}：${row.cn_message}`,
        }]);
      }
      return { ...row, vn_message: vn };
    }),
});

export type QuickReplyOversight = ReturnType<typeof createQuickReplyOversight>;
