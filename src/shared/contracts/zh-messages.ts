import * as v from 'valibot';

/**
 * Chinese fallback texts for valibot issues that a schema did not word itself, so no English
 * library message ever reaches a person. Installed once by the contracts module.
 */
v.setGlobalMessage((issue) => {
  if (issue.kind === 'schema' && issue.input === undefined) return '缺少必填项';
  switch (issue.type) {
    case 'string': return '应为文本';
    case 'number': return '应为数字';
    case 'boolean': return '应为 true 或 false';
    case 'object': return '应为对象';
    case 'array': return '应为列表';
    case 'picklist': return `只能是 ${issue.expected}`;
    case 'integer': return '应为整数';
    case 'min_length': case 'non_empty': return '不能为空';
    case 'max_length': return `长度不能超过 ${issue.requirement as number}`;
    case 'min_value': return `不能小于 ${String(issue.requirement)}`;
    case 'max_value': return `不能大于 ${String(issue.requirement)}`;
    default: return '格式不正确';
  }
});
