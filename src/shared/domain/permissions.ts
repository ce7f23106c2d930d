/**
 * Permission codes (requirements 000-6, 001-2-1 / 001-2-2). Member codes are C.. and M..; operator codes
 * are D00 to D12-03. The server checks them; the client only uses them to hide what the user
 * could not use anyway.
 */
export const HEAD_COMPANY_ID = 1;

export const NAV_CODES = ['C07', 'C08', 'C09', 'C10', 'C11', 'C12', 'C14', 'C15', 'M01-01', 'M02-01', 'M02-02', 'M09-00', 'M09-04', 'M09-05', 'M09-07'] as const;

export const MENU_CODES = ['M01-00', 'M02', 'M03', 'M03-01', 'M04', 'M05', 'M06', 'M07', 'M08', 'M09', 'M10', 'M11', 'M11-01', 'M12', 'M13', 'M14'] as const;

/**
 * Operator codes: D00 to D12, their entries D01-01 .. D12-03, D04-04 (EPC图解), D05-04 (提现与银行卡审核), D05-05 (海外账户与充值), D11-04 (汽配城、联盟、包邮城市与公共页面;
 * docs/platform-settings.md), D11-05 (微信模板消息) and D11-06 (批量工具; docs/wechat.md, docs/batch-jobs.md).
 */
export const OPERATOR_CODES: readonly string[] = (() => {
  const codes: string[] = [];
  for (let g = 0; g <= 12; g++) {
    const group = `D${String(g).padStart(2, '0')}`;
    codes.push(group);
    if (g >= 1) for (let e = 1; e <= 3; e++) codes.push(`${group}-${String(e).padStart(2, '0')}`);
    if (g === 4) codes.push('D04-04');
    if (g === 5) codes.push('D05-04', 'D05-05');
    if (g === 11) codes.push('D11-04', 'D11-05', 'D11-06');
  }
  return codes;
})();

export const MEMBER_CODES: readonly string[] = [...new Set<string>([...NAV_CODES, ...MENU_CODES])];

/** A required list is met when it is empty or intersects the user's codes. */
export const hasAnyPermission = (userCodes: readonly string[], required: readonly string[] | undefined): boolean =>
  !required || required.length === 0 || required.some((c) => userCodes.includes(c));

/** What each member code opens, in the words of the menu (requirements 000-6, 001-2-1): the employee form shows these. */
export const PERMISSION_LABELS: Readonly<Record<string, string>> = {
  C07: '发布询价', C08: '查看报价', C09: '采购订单（前台）', C10: '销售订单（前台）', C11: '配件管理', C12: '商圈',
  C14: '谁看过我', C15: '求购', 'M01-00': '销售订单', 'M01-01': '销售订单处理', M02: '采购订单', 'M02-01': '采购订单查看',
  'M02-02': '采购订单处理', M03: '产品管理（库存与价格）', 'M03-01': '盘点审核', M04: '客户管理', M05: '商圈管理', M06: '组织管理（员工、联系人）',
  M07: '企业设置', M08: '服务（售后）', M09: '财务', 'M09-00': '账单', 'M09-04': '钱包', 'M09-05': '发票', 'M09-07': '积分',
  M10: '报价中心', M11: '海外（越南）', 'M11-01': '快捷回复与换算', M12: '报价', M13: '营销', M14: '店铺装修',
};
