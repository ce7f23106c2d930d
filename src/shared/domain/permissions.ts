/**
 * Permission codes (spec 000 §6, 001 §2.1 / §2.2). Member codes are C.. and M..; operator codes
 * are D00 to D12-03. The server checks them; the client only uses them to hide what the user
 * could not use anyway.
 */
export const HEAD_COMPANY_ID = 1;

export const NAV_CODES = ['C07', 'C08', 'C09', 'C10', 'C11', 'C12', 'C14', 'C15', 'M01-01', 'M02-01', 'M02-02', 'M09-00', 'M09-04', 'M09-05', 'M09-07'] as const;

export const MENU_CODES = ['M01-00', 'M02', 'M03', 'M04', 'M05', 'M06', 'M07', 'M08', 'M09', 'M10', 'M11', 'M11-01', 'M12', 'M13', 'M14'] as const;

/** Operator codes: D00 to D12, and their entries D01-01 .. D12-03. */
export const OPERATOR_CODES: readonly string[] = (() => {
  const codes: string[] = [];
  for (let g = 0; g <= 12; g++) {
    const group = `D${String(g).padStart(2, '0')}`;
    codes.push(group);
    if (g >= 1) for (let e = 1; e <= 3; e++) codes.push(`${group}-${String(e).padStart(2, '0')}`);
  }
  return codes;
})();

export const MEMBER_CODES: readonly string[] = [...new Set<string>([...NAV_CODES, ...MENU_CODES])];

/** A required list is met when it is empty or intersects the user's codes. */
export const hasAnyPermission = (userCodes: readonly string[], required: readonly string[] | undefined): boolean =>
  !required || required.length === 0 || required.some((c) => userCodes.includes(c));
