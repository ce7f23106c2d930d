/**
 * A form's draft in sessionStorage (this tab only), checked against its schema when read back: what
 * was typed survives a refused submit and a reload, and is dropped once the form has done its work.
 * Bad or foreign data is dropped with a warning, never a crash (docs/architecture.md, "Offline first").
 */
import * as v from 'valibot';

export const sessionDraft = <S extends v.GenericSchema>(schema: S, name: string, empty: () => v.InferOutput<S>) => {
  const keyOf = (scope: string) => `qph-${name}-draft:${scope}`;
  return {
    load(scope: string): v.InferOutput<S> {
      try {
        const raw = sessionStorage.getItem(keyOf(scope));
        if (!raw) return empty();
        const parsed = v.safeParse(schema, JSON.parse(raw));
        if (parsed.success) return parsed.output;
        console.warn(`${name} draft dropped: it does not match its schema`);
      } catch (e) {
        console.warn(`${name} draft dropped`, e);
      }
      return empty();
    },
    /** whether a draft is stored for this scope */
    has: (scope: string) => sessionStorage.getItem(keyOf(scope)) !== null,
    save(scope: string, d: v.InferOutput<S>) {
      try {
        sessionStorage.setItem(keyOf(scope), JSON.stringify(d));
      } catch {
        // storage full or disabled: the form still works, only a reload would lose it
      }
    },
    clear: (scope: string) => sessionStorage.removeItem(keyOf(scope)),
  };
};
