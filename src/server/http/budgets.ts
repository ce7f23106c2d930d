/** The request budgets of one app (limits.ts), shared by the endpoint table (mount.ts) and the file routes (file-route.ts). */
import { createLocalBus, type Bus } from '../bus/bus';
import type { AppDeps } from './context';
import { createHeavyGate, DEFAULT_LIMITS } from './limits';

export interface Budgets {
  limits: typeof DEFAULT_LIMITS;
  buckets: Bus;
  heavyGate: ReturnType<typeof createHeavyGate>;
}

export const createBudgets = (deps: AppDeps): Budgets => {
  const limits = deps.limits ?? DEFAULT_LIMITS;
  const buckets = deps.bus ?? createLocalBus();
  return { limits, buckets, heavyGate: createHeavyGate(limits.heavyAtOnce, limits.heavyQueue, (key) => buckets.acquire('heavy', key, limits.heavyAtOnce)) };
};
