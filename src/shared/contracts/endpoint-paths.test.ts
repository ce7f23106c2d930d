import { describe, expect, it } from 'vitest';
import { endpoints } from './index';

/**
 * Every call is mounted at its path, and a call that reads a path id (`pathId`) at path/:id too
 * (http/mount.ts), in the order of the table, and the first route that matches answers. A call whose path is an earlier call's path plus one
 * segment, with the same method, is then answered by the earlier call (its last segment taken as
 * the id): the operator platform's first role and detail calls were.
 */
describe('endpoint paths', () => {
  it('no call sits at an earlier call\'s path/:id of the same method', () => {
    const all = Object.entries(endpoints).map(([name, e], order) => ({ name, order, method: e.method, path: e.path, pathId: e.pathId === true }));
    const shadowed = all.flatMap((b) => all
      .filter((a) => a.pathId && a.order < b.order && a.method === b.method && a.name !== b.name && b.path.startsWith(`${a.path}/`) && !b.path.slice(a.path.length + 1).includes('/'))
      .map((a) => `${b.method.toUpperCase()} ${b.path} (${b.name}) is taken by ${a.name}'s ${a.path}/:id`));
    expect(shadowed).toEqual([]);
  });
});
