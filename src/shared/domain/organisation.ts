/**
 * Organisation (requirements 001-2-1 M06 员工 / 联系人) and enterprise settings (M07): who may grant which
 * permission codes, and the words of the refusals. The company may grant the codes its owner holds
 * (the owner's codes follow the company's level and seller status); a manager who is not the owner
 * may only hand out, take away or act on what they hold themselves, so M06 never becomes a way to
 * gain a code one does not have.
 */
export const LIST_PAGE_SIZES = [50, 100, 200, 400, 800] as const;

export const EMPLOYEE_RULES = {
  displayName: '2到20个字符',
  position: '可不填；最多20个字符',
  qq: '可不填；5到12位数字',
  wechat: '可不填；6到20位字母、数字、下划线或连字符，以字母开头',
} as const;

export const QQ_RE = /^[1-9]\d{4,11}$/;
export const WECHAT_RE = /^[A-Za-z][A-Za-z0-9_-]{5,19}$/;

/** The first requested code the company cannot grant, or undefined. */
export const firstUngrantable = (requested: readonly string[], grantable: readonly string[]): string | undefined =>
  requested.find((c) => !grantable.includes(c));

/**
 * The first code whose change (added or removed) a non-owner manager does not hold, or undefined:
 * such a manager may only move codes they have themselves.
 */
export const firstChangeBeyond = (before: readonly string[], after: readonly string[], own: readonly string[]): string | undefined => {
  const changed = [...after.filter((c) => !before.includes(c)), ...before.filter((c) => !after.includes(c))];
  return changed.find((c) => !own.includes(c));
};

/** Whether a non-owner manager may act on this employee: only one holding no code the manager lacks. */
export const withinOwnCodes = (target: readonly string[], own: readonly string[]) => target.every((c) => own.includes(c));

export const orgText = {
  employeeLimit: (limit: number) => `员工数量已达上限（${limit}人），请升级会员等级`,
  ungrantable: (code: string) => `本企业没有权限 ${code}，不能分配给员工`,
  beyondOwn: (code: string) => `您没有权限 ${code}，不能分配或收回它`,
  notOwnCodes: '只能管理权限不超过您自己的员工',
  unknownCode: '权限代码无效',
  employeeNotFound: '员工不存在',
  otherCompanyEmployee: '只能管理本企业的员工',
  ownerProtected: '企业负责人不能被停用或修改权限',
  ownerEditedByOwnerOnly: '只有企业负责人本人可以修改负责人的资料',
  notSelfDisable: '不能停用自己的账号',
  notSelfPermissions: '不能修改自己的权限',
  notSelfReset: '请在“修改密码”中修改自己的密码',
  mobileTaken: '该手机号已被其他账号使用，请换一个',
  contactNotFound: '联系人不存在',
  contactLimit: (n: number) => `联系人最多${n}个`,
  enterpriseOwnerOrM07: '只有企业负责人或拥有企业设置权限（M07）的员工可以修改企业信息',
  unknownBrand: (id: number) => `主营品牌不存在（编号 ${id}），请重新选择`,
  unknownMake: (id: number) => `主营车型品牌不存在（编号 ${id}），请重新选择`,
  logoNotOurs: '企业标志图片不存在或不是本企业上传的，请重新上传',
  accountDisabled: '您的账号已被企业管理员停用，请联系企业负责人',
} as const;

export const CONTACT_LIMIT = 20;
export const MAIN_LIST_MAX = 20;
