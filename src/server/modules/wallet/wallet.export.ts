/**
 * 导出XLSX of the wallet's entries (GET /api/wallet/export?<walletEntries' filters>): the list
 * call's own payload check, codes and holder rule (wallet.service entries), every entry of the
 * filter (up to WALLET_EXPORT_MAX), newest first, one row per entry as the page shows it.
 * docs/money.md, "The wallet".
 */
import type { Hono } from 'hono';
import ExcelJS from 'exceljs';
import { mountFileRoute, type FileEdge } from '../../http/file-route';
import { exportCost } from '../../http/limits';
import { endpoints, type WalletEntry } from '../../../shared/contracts';
import { WALLET_ENTRY_KINDS } from '../../../shared/contracts/wallet';
import { formatChina } from '../../../shared/domain/china-time';
import { WALLET_EXPORT_MAX, type WalletService } from './wallet.service';

export const WALLET_EXPORT_COLUMNS = ['时间', '类型', '账户', '金额（元）', '变动后余额（元）', '单号', '交易编号'] as const;

/** The workbook of the entries: one sheet 收支明细, amounts in yuan with two decimals. */
export const walletWorkbook = async (companyName: string, rows: readonly WalletEntry[]) => {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('收支明细');
  const widths = [18, 10, 8, 14, 16, 26, 10];
  ws.columns = WALLET_EXPORT_COLUMNS.map((header, i) => ({ header, width: widths[i] }));
  ws.getRow(1).font = { bold: true };
  for (const r of rows) {
    const row = ws.addRow([
      formatChina(r.created_at, 'YYYY-MM-DD HH:mm:ss'), WALLET_ENTRY_KINDS[r.kind], r.part === 'frozen' ? '冻结' : '可用',
      r.amount_fen / 100, r.balance_after_fen / 100, r.reference, r.transaction_id,
    ]);
    row.getCell(4).numFmt = '0.00';
    row.getCell(5).numFmt = '0.00';
  }
  wb.title = `${companyName} 钱包收支明细`;
  return wb.xlsx.writeBuffer();
};

const attachment = (name: string) => `attachment; filename="wallet.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`;

export const mountWalletFileRoutes = (app: Hono, edge: FileEdge, svc: WalletService) => {
  const ep = endpoints.walletEntries;
  mountFileRoute(app, 'get', '/api/wallet/export', edge, { name: 'wallet export', access: 'user', permissions: ep.permissions, query: ep.payload, heavy: () => exportCost(WALLET_EXPORT_MAX) },
    async ({ caller, query: p }) => {
      const { data, company_name } = await svc.entries(edge.deps.db, caller!, p, true);
      const body = await walletWorkbook(company_name, data);
      return new Response(body as ArrayBuffer, {
        headers: {
          'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'Content-Disposition': attachment('钱包收支明细.xlsx'), 'Cache-Control': 'no-store',
        },
      });
    });
};
