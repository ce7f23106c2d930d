/**
 * The Idempotency-Key of one user action (docs/basket-follows.md, 一键加入购物车): made once when
 * the user asks, kept while the same thing is asked again (a retry after a lost answer must not
 * add the lines twice), and new once the action succeeded or the user asks for something else.
 */
export interface ActionKey {
  /** the key for asking `what` (the same key while `what` is the same and not yet done) */
  for(what: string): string;
  /** the action went through: the next ask is a new action */
  done(): void;
}

export const createActionKey = (newKey: () => string = () => crypto.randomUUID()): ActionKey => {
  let current: { what: string; key: string } | null = null;
  return {
    for(what) {
      if (!current || current.what !== what) current = { what, key: newKey() };
      return current.key;
    },
    done() {
      current = null;
    },
  };
};
