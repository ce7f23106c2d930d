/**
 * A statement's downloads (docs/money.md#bills): XLSX (exceljs) and a printable PDF (pdfkit with
 * the Noto Sans SC font of @embedpdf/fonts-sc embedded as a subset, so Chinese renders in any
 * reader without fonts of its own). GET /api/bill/download?month&format (the company's own) and
 * GET /api/operation/bill/download?company_id&month&format (the operator's), through the table's
 * edge (http/file-route.ts): sign-in, codes, the query's schema. A dong statement
 * (docs/money.md#overseas-bills) downloads as XLSX with Chinese and Vietnamese headers:
 * GET /api/vn-bill/download?month&format=xlsx and /api/operation/foreign/bill/download.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Hono } from 'hono';
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import { mountFileRoute, type FileEdge } from '../../http/file-route';
import { BILL_READ_CODES, billDownloadQuery, opBillDownloadQuery, type BillStatement } from '../../../shared/contracts/bill';
import { WALLET_ENTRY_KINDS } from '../../../shared/contracts/wallet';
import { opVnBillDownloadQuery, VN_BILL_CODES, vnBillDownloadQuery, type VnBillStatement } from '../../../shared/contracts/vn-bill';
import { VND_ENTRY_KINDS } from '../../../shared/contracts/vn-wallet';
import { OP_FOREIGN_CODES } from '../../../shared/domain/overseas-rules';
import { OP_CATALOGUE_CODES } from '../../../shared/domain/operation';
import { formatChina } from '../../../shared/domain/china-time';
import type { BillService } from './bill.service';

const yuan = (fen: number) => Math.round(fen) / 100;
const money = (fen: number) => `${fen < 0 ? '-' : ''}¥${(Math.abs(fen) / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
const kindName = (kind: string) => (WALLET_ENTRY_KINDS as Record<string, string>)[kind] ?? kind;
const monthText = (month: string) => `${month.slice(0, 4)}年${Number(month.slice(5))}月`;

/** The font file shipped in the package (its exports name only the list of files, so found beside its main). */
const FONT = join(dirname(createRequire(import.meta.url).resolve('@embedpdf/fonts-sc')), '..', 'fonts', 'NotoSansHans-Regular.otf');

export const billWorkbook = async (s: BillStatement) => {
  const wb = new ExcelJS.Workbook();
  const sum = wb.addWorksheet('账单汇总');
  sum.columns = [{ header: '项目', key: 'item', width: 22 }, { header: '收入（元）', key: 'in', width: 16 }, { header: '支出（元）', key: 'out', width: 16 }, { header: '笔数', key: 'n', width: 8 }];
  sum.addRow({ item: `${s.company_name} ${monthText(s.month)}账单` });
  sum.addRow({ item: '期初余额', in: yuan(s.opening_fen) });
  for (const g of s.groups) sum.addRow({ item: g.label, in: yuan(g.in_fen), out: yuan(g.out_fen), n: g.count });
  sum.addRow({ item: '合计', in: yuan(s.in_fen), out: yuan(s.out_fen), n: s.count });
  sum.addRow({ item: '期末余额', in: yuan(s.closing_fen) });
  sum.addRow({ item: '其中可用余额', in: yuan(s.closing_available_fen) });
  sum.addRow({ item: '其中冻结金额', in: yuan(s.closing_frozen_fen) });
  sum.addRow({ item: '月末保证金（不计入钱包）', in: yuan(s.cash_pledge_fen) });
  const lines = wb.addWorksheet('明细');
  lines.columns = [
    { header: '时间', key: 'at', width: 18 }, { header: '类型', key: 'kind', width: 12 }, { header: '单号', key: 'reference', width: 26 },
    { header: '可用变动（元）', key: 'available', width: 14 }, { header: '冻结变动（元）', key: 'frozen', width: 14 },
    { header: '金额（元）', key: 'amount', width: 14 }, { header: '余额（元）', key: 'balance', width: 14 },
  ];
  for (const ws of [sum, lines]) ws.getRow(1).font = { bold: true };
  for (const l of s.lines) {
    lines.addRow({
      at: formatChina(l.created_at), kind: kindName(l.kind), reference: l.reference, available: yuan(l.available_fen), frozen: yuan(l.frozen_fen),
      amount: yuan(l.amount_fen), balance: yuan(l.balance_after_fen),
    });
  }
  return wb.xlsx.writeBuffer();
};

/** A rate as a number of dong per yuan (its millionths kept); empty for a recharge. */
const rateOf = (micro: number) => (micro ? micro / 1_000_000 : '');
const vnKindName = (kind: string) => (VND_ENTRY_KINDS as Record<string, string>)[kind] ?? kind;
/** The Vietnamese of the few words a dong statement's workbook holds (its reader may be the Vietnamese company). */
const VN_WORDS: Record<string, string> = { 充值: 'Nạp tiền', 订单付款: 'Thanh toán đơn hàng', 订单退款: 'Hoàn tiền đơn hàng' };
const both = (zh: string) => (VN_WORDS[zh] ? `${zh} · ${VN_WORDS[zh]}` : zh);

/** A dong statement's workbook: the totals and every line, in whole dong, with each payment's and refund's rate and fen. */
export const vnBillWorkbook = async (s: VnBillStatement) => {
  const wb = new ExcelJS.Workbook();
  const sum = wb.addWorksheet('账单汇总 Tổng hợp');
  sum.columns = [
    { header: '项目 · Khoản mục', key: 'item', width: 34 }, { header: '收入（₫）· Thu', key: 'in', width: 18 },
    { header: '支出（₫）· Chi', key: 'out', width: 18 }, { header: '笔数 · Số giao dịch', key: 'n', width: 14 },
  ];
  sum.addRow({ item: `${s.company_name} ${s.month}` });
  sum.addRow({ item: '期初余额 · Số dư đầu kỳ', in: s.opening_dong });
  for (const g of s.groups) sum.addRow({ item: both(g.label), in: g.in_dong, out: g.out_dong, n: g.count });
  sum.addRow({ item: '合计 · Tổng', in: s.in_dong, out: s.out_dong, n: s.count });
  sum.addRow({ item: '期末余额 · Số dư cuối kỳ', in: s.closing_dong });
  const lines = wb.addWorksheet('明细 Chi tiết');
  lines.columns = [
    { header: '时间（中国时间）· Thời gian (giờ Trung Quốc)', key: 'at', width: 20 }, { header: '类型 · Loại', key: 'kind', width: 26 },
    { header: '单号 · Mã đơn', key: 'reference', width: 26 }, { header: '金额（₫）· Số tiền', key: 'amount', width: 16 },
    { header: '余额（₫）· Số dư', key: 'balance', width: 16 }, { header: '汇率（₫/¥）· Tỷ giá', key: 'rate', width: 14 },
    { header: '折合人民币（元）· Quy đổi (CNY)', key: 'yuan', width: 16 },
  ];
  for (const ws of [sum, lines]) ws.getRow(1).font = { bold: true };
  for (const l of s.lines) {
    lines.addRow({
      at: formatChina(l.created_at), kind: both(vnKindName(l.kind)), reference: l.reference, amount: l.amount_dong, balance: l.balance_after_dong,
      rate: rateOf(l.rate_micro), yuan: l.rate_micro ? yuan(l.fx_fen) : '',
    });
  }
  return wb.xlsx.writeBuffer();
};

/** A4, the totals first, then every line; the header repeats on each page. */
export const billPdf = (s: BillStatement): Promise<Buffer> => new Promise((resolve, reject) => {
  const doc = new PDFDocument({ size: 'A4', margin: 40, info: { Title: `${s.company_name} ${monthText(s.month)}账单`, Author: '汽配汇' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  doc.on('end', () => resolve(Buffer.concat(chunks)));
  doc.on('error', reject);
  doc.registerFont('cjk', FONT);
  doc.font('cjk');
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  doc.fontSize(16).text(`${s.company_name}`, { width });
  doc.fontSize(12).text(`${monthText(s.month)}账单（${formatChina(s.starts_at, 'YYYY-MM-DD')} 至 ${formatChina(s.ends_at, 'YYYY-MM-DD')}，中国时间）`, { width });
  doc.moveDown(0.6);
  doc.fontSize(10);
  const row = (cells: string[], widths: number[], aligns: ReadonlyArray<'left' | 'right'> = ['left', 'right', 'right', 'right']) => {
    if (doc.y > doc.page.height - doc.page.margins.bottom - 20) doc.addPage();
    const y = doc.y;
    let x = left;
    cells.forEach((c, i) => {
      if (widths[i] > 0) doc.text(c, x, y, { width: widths[i] - 4, align: aligns[i] ?? 'left', lineBreak: false, ellipsis: true });
      x += widths[i];
    });
    doc.x = left;
    doc.y = y + 16;
  };
  const sumWidths = [width * 0.4, width * 0.22, width * 0.22, width * 0.16];
  row(['项目', '收入', '支出', '笔数'], sumWidths);
  row(['期初余额', money(s.opening_fen), '', ''], sumWidths);
  for (const g of s.groups) row([g.label, money(g.in_fen), money(g.out_fen), String(g.count)], sumWidths);
  row(['合计', money(s.in_fen), money(s.out_fen), String(s.count)], sumWidths);
  row(['期末余额', money(s.closing_fen), '', ''], sumWidths);
  row([`其中可用 ${money(s.closing_available_fen)}，冻结 ${money(s.closing_frozen_fen)}；月末保证金 ${money(s.cash_pledge_fen)}（不计入钱包）`, '', '', ''], [width, 0, 0, 0]);
  doc.moveDown(1);
  doc.fontSize(12).text('明细', left, doc.y);
  doc.fontSize(9);
  const w = [width * 0.2, width * 0.14, width * 0.3, width * 0.18, width * 0.18];
  const lineAligns = ['left', 'left', 'left', 'right', 'right'] as const;
  row(['时间', '类型', '单号', '金额', '余额'], w, lineAligns);
  if (s.lines.length === 0) row(['本月没有收支', '', '', '', ''], [width, 0, 0, 0, 0]);
  for (const l of s.lines) row([formatChina(l.created_at, 'YYYY-MM-DD HH:mm'), kindName(l.kind), l.reference, money(l.amount_fen), money(l.balance_after_fen)], w, lineAligns);
  doc.moveDown(1);
  doc.fontSize(8).text(`期初余额 + 本月收支 = 期末余额，等于月末钱包余额（可用 + 冻结）。生成于 ${formatChina(Math.floor(Date.now() / 1000))}`, left, doc.y, { width });
  doc.end();
});

const attachment = (ascii: string, name: string) => `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;

const answer = async (s: BillStatement, format: 'xlsx' | 'pdf') => {
  const name = `${s.company_name}-${s.month}-账单.${format}`;
  if (format === 'xlsx') {
    return new Response(await billWorkbook(s) as ArrayBuffer, {
      headers: { 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'Content-Disposition': attachment(`bill-${s.month}.xlsx`, name), 'Cache-Control': 'no-store' },
    });
  }
  return new Response(new Uint8Array(await billPdf(s)), {
    headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': attachment(`bill-${s.month}.pdf`, name), 'Cache-Control': 'no-store' },
  });
};

const vnAnswer = async (s: VnBillStatement) => new Response(await vnBillWorkbook(s) as ArrayBuffer, {
  headers: {
    'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'Content-Disposition': attachment(`vn-bill-${s.month}.xlsx`, `${s.company_name}-${s.month}-越南盾账单.xlsx`), 'Cache-Control': 'no-store',
  },
});

export const mountBillFileRoutes = (app: Hono, edge: FileEdge, svc: BillService) => {
  mountFileRoute(app, 'get', '/api/vn-bill/download', edge, { name: 'dong bill download', access: 'user', permissions: VN_BILL_CODES, query: vnBillDownloadQuery },
    async ({ caller, query: q }) => vnAnswer(await svc.vnGet(edge.deps.db, caller!, q.month)));
  mountFileRoute(app, 'get', '/api/operation/foreign/bill/download', edge, { name: 'operator dong bill download', access: 'operator', permissions: OP_FOREIGN_CODES.read, query: opVnBillDownloadQuery },
    async ({ query: q }) => vnAnswer(await svc.operatorVnGet(edge.deps.db, q.company_id, q.month)));
  mountFileRoute(app, 'get', '/api/bill/download', edge, { name: 'bill download', access: 'user', permissions: BILL_READ_CODES, query: billDownloadQuery },
    async ({ caller, query: q }) => answer(await svc.get(edge.deps.db, caller!, q.month), q.format));
  mountFileRoute(app, 'get', '/api/operation/bill/download', edge, { name: 'operator bill download', access: 'operator', permissions: OP_CATALOGUE_CODES.pay, query: opBillDownloadQuery },
    async ({ query: q }) => answer(await svc.operatorGet(edge.deps.db, q.company_id, q.month), q.format));
};
