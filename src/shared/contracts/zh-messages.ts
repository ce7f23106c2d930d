import * as v from 'valibot';
import { GENERIC_ISSUE as G } from '../messages';

/**
 * Chinese fallback texts for valibot issues that a schema did not word itself, so no English
 * library message ever reaches a person. Installed once by the contracts module.
 */
v.setGlobalMessage((issue) => {
  if (issue.kind === 'schema' && issue.input === undefined) return G.missing;
  switch (issue.type) {
    case 'string': return G.string;
    case 'number': return G.number;
    case 'boolean': return G.boolean;
    case 'object': return G.object;
    case 'array': return G.array;
    case 'picklist': return G.picklist(String(issue.expected));
    case 'integer': return G.integer;
    case 'min_length': case 'non_empty': return G.empty;
    case 'max_length': return G.maxLength(issue.requirement as number);
    case 'min_value': return G.min(String(issue.requirement));
    case 'max_value': return G.max(String(issue.requirement));
    default: return G.format;
  }
});
