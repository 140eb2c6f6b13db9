// The lockfile guard on small hand-made locks: a named dependency without an entry is reported, wherever npm
// would look for it (own node_modules first, then each parent's).
import { describe, expect, it } from 'vitest';
import { missingLockEntries, resolveInLock, type Lockfile } from '../../scripts/check-lockfile.ts';

/** A project with a nested copy, optional platform binaries and a dev tool, every name resolvable. */
function completeLock(): Lockfile {
  return {
    packages: {
      '': { dependencies: { resolver: '^1.0.0' }, devDependencies: { linter: '^2.0.0' } },
      'node_modules/resolver': {
        dependencies: { helper: '^2.0.0' },
        optionalDependencies: { 'resolver-linux-x64': '1.0.0', 'resolver-darwin-arm64': '1.0.0' },
      },
      'node_modules/resolver/node_modules/helper': { dependencies: { shared: '^1.0.0' } },
      'node_modules/resolver-linux-x64': {},
      'node_modules/resolver-darwin-arm64': {},
      'node_modules/linter': { dependencies: { helper: '^1.0.0' }, devDependencies: { 'never-installed': '1.0.0' } },
      'node_modules/helper': {},
      'node_modules/shared': {},
    },
  };
}

describe('resolveInLock', () => {
  it('prefers the nested copy, then falls back to the parents', () => {
    const { packages = {} } = completeLock();
    expect(resolveInLock(packages, 'node_modules/resolver', 'helper')).toBe(
      'node_modules/resolver/node_modules/helper',
    );
    expect(resolveInLock(packages, 'node_modules/linter', 'helper')).toBe('node_modules/helper');
    expect(resolveInLock(packages, 'node_modules/resolver/node_modules/helper', 'shared')).toBe('node_modules/shared');
    expect(resolveInLock(packages, '', 'absent')).toBeUndefined();
  });
});

describe('missingLockEntries', () => {
  it('finds nothing in a complete lock, ignoring dev dependencies of installed packages', () => {
    expect(missingLockEntries(completeLock())).toEqual([]);
  });

  it('reports an optional platform binary whose entry was removed', () => {
    const lock = completeLock();
    delete lock.packages?.['node_modules/resolver-darwin-arm64'];
    expect(missingLockEntries(lock)).toEqual([
      { from: 'node_modules/resolver', name: 'resolver-darwin-arm64', kind: 'optionalDependencies' },
    ]);
  });

  it('reports a nested dependency once its only copy is gone', () => {
    const lock = completeLock();
    delete lock.packages?.['node_modules/shared'];
    expect(missingLockEntries(lock)).toEqual([
      { from: 'node_modules/resolver/node_modules/helper', name: 'shared', kind: 'dependencies' },
    ]);
  });

  it("reports the project's own dev dependency without an entry", () => {
    const lock = completeLock();
    delete lock.packages?.['node_modules/linter'];
    expect(missingLockEntries(lock)).toEqual([{ from: '', name: 'linter', kind: 'devDependencies' }]);
  });

  it('skips links, whose dependencies belong to the folder they point to', () => {
    const lock = completeLock();
    lock.packages = { ...lock.packages, 'node_modules/local-tool': { link: true, dependencies: { absent: '1.0.0' } } };
    expect(missingLockEntries(lock)).toEqual([]);
  });
});
