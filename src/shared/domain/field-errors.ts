import * as v from 'valibot';

/** Field -> its first message, for forms that show each refusal under its field (the server's own schema). */
export const fieldErrors = (schema: v.GenericSchema, input: unknown): Record<string, string> => {
  const r = v.safeParse(schema, input);
  if (r.success) return {};
  const out: Record<string, string> = {};
  for (const issue of r.issues) {
    const key = v.getDotPath(issue) ?? '';
    out[key] ??= issue.message;
  }
  return out;
};
