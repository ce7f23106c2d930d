import { describe, expect, it } from 'vitest';
import { OPERATOR_CODES } from './permissions';
import { OPERATOR_ENTRY_LABELS, OP_CATALOGUE_ENTRY_LABELS, OP_COMPANY_ENTRY_LABELS, OP_INTERFACE_ENTRY_LABELS } from './operation';
import { OP_CODES } from './operation-codes';

describe('operator codes', () => {
  it('every entry code a page or a call requires can be given to a role (the role editor and the server know it)', () => {
    const named = [OPERATOR_ENTRY_LABELS, OP_CATALOGUE_ENTRY_LABELS, OP_COMPANY_ENTRY_LABELS, OP_INTERFACE_ENTRY_LABELS].flatMap((l) => Object.keys(l));
    const required = Object.values(OP_CODES).flat();
    const unknown = [...new Set([...named, ...required])].filter((c) => !OPERATOR_CODES.includes(c));
    expect(unknown).toEqual([]);
  });
});
