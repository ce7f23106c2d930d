import type { Handlers } from '../../http/mount';
import type { BatchService } from './batch.service';

type Names = 'opBatchJobs' | 'opBatchJobStart' | 'opBatchJobCancel' | 'opBatchJobLog';

/** 批量工具 (docs/batch-jobs.md). */
export const batchHandlers = (svc: BatchService): Pick<Handlers, Names> => ({
  opBatchJobs: (p, ctx) => svc.list(ctx.db, p),
  opBatchJobStart: (p, ctx) => svc.start(ctx.db, ctx.caller!, p),
  opBatchJobCancel: (p, ctx) => svc.cancel(ctx.db, ctx.caller!, p.job_id),
  opBatchJobLog: (p, ctx) => svc.log(ctx.db, p.job_id),
});
