/**
 * The operators' batch jobs (批量工具, docs/batch-jobs.md): what each kind does, its states and
 * texts. A job runs over stock rows in chunks by id in the background, one job of a kind at a time.
 */
export const BATCH_KINDS = {
  reindex: { label: '重建搜索词', what: '补齐库存的关键词搜索词（名称、车型、品牌、车型品牌）', changed: '新增搜索词' },
  prices: { label: '重算价格区间', what: '按全部库存重新计算价格比例上界（搜索按价格区间排序所用）', changed: '变化的比例' },
  label: { label: '批量标签', what: '给符合条件的库存加上或去掉促销、清仓标签', changed: '改动的库存' },
} as const;
export type BatchKind = keyof typeof BATCH_KINDS;
export const BATCH_KIND_KEYS = Object.keys(BATCH_KINDS) as BatchKind[];

export const BATCH_STATES = { running: '进行中', done: '已完成', cancelled: '已取消', failed: '失败' } as const;
export type BatchState = keyof typeof BATCH_STATES;

/** The system labels a label job puts on stock rows or takes off: the column and its two values. */
export const BATCH_LABELS = {
  clearance: { label: '清仓', column: 'clean_state', on: 'clearance', off: 'normal' },
  promotion: { label: '促销', column: 'sale_state', on: 'promotion', off: 'normal' },
} as const;
export type BatchLabel = keyof typeof BATCH_LABELS;
export const BATCH_LABEL_KEYS = Object.keys(BATCH_LABELS) as BatchLabel[];

export const batchText = {
  oneAtATime: (kind: BatchKind) => `已有一个“${BATCH_KINDS[kind].label}”任务在进行，请等它完成或取消后再开始`,
  pricesAllStock: '重算价格区间针对全部库存，不能只选一个企业',
  labelNeeded: '请选择标签',
  noRows: '没有符合条件的库存，任务未开始',
  notRunning: '任务已结束，不能取消',
  jobNotFound: '任务不存在',
  companyNotFound: '企业不存在',
} as const;
