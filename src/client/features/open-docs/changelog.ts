/**
 * The partner API's changes, newest first, shown on /open (docs/open-platform.md, "The document").
 * A change to a partner call adds an entry here in the same commit.
 */
export const OPEN_API_CHANGES: ReadonlyArray<{ version: string; date: string; changes: readonly string[] }> = [
  {
    version: 'v1.0.0',
    date: '2026-11-28',
    changes: [
      '首次发布：签名调用（open-key、X-Open-Timestamp、X-Open-Nonce、X-Open-Signature）与授权范围。',
      '公司信息；库存查询、库存变动、库存批量同步。',
      '销售订单与采购订单：列表、详情、确认、发货、收货。',
      '事件通知（Webhook）：签名推送，失败自动重试。',
      'OpenAPI 3.1 文档与在线接口参考。',
    ],
  },
];
