// Vitest 5 prints failures with Map.groupBy, which Node 20 lacks; importing this supplies it before any test runs
// (vite.config.ts for the test projects, stryker.vitest.config.ts for mutation runs).
if (!('groupBy' in Map)) {
  Object.defineProperty(Map, 'groupBy', {
    value<T, K>(items: Iterable<T>, keyOf: (item: T, index: number) => K): Map<K, T[]> {
      const groups = new Map<K, T[]>();
      let index = 0;
      for (const item of items) {
        const key = keyOf(item, index++);
        groups.set(key, [...(groups.get(key) ?? []), item]);
      }
      return groups;
    },
  });
}
