// The Role Management tree's ticking rules (spec 1 section 4), kept pure for unit tests:
// select-all ticks every page of a group; unticking a page clears the group's box.
import type { AccessRightGroup } from '@shared/contracts/access-right.js';

const withStatus = (g: AccessRightGroup, children: AccessRightGroup['children']): AccessRightGroup => ({
  ...g,
  children,
  Status: children.length > 0 && children.every((c) => c.Status),
});

/**
 * Select-all over a group. `grantable` (a non-admin's own pages) limits it: pages outside it keep
 * their box as the server will keep them.
 */
export function tickGroup(
  tree: readonly AccessRightGroup[],
  groupKey: string,
  on: boolean,
  grantable?: ReadonlySet<string>,
): AccessRightGroup[] {
  const may = (key: string) => !grantable || grantable.has(key);
  return tree.map((g) =>
    g.key === groupKey
      ? withStatus(
          g,
          g.children.map((c) => (may(c.key) ? { ...c, Status: on } : c)),
        )
      : g,
  );
}

export function tickPage(
  tree: readonly AccessRightGroup[],
  groupKey: string,
  pageKey: string,
  on: boolean,
): AccessRightGroup[] {
  return tree.map((g) =>
    g.key === groupKey
      ? withStatus(
          g,
          g.children.map((c) => (c.key === pageKey ? { ...c, Status: on } : c)),
        )
      : g,
  );
}

/** The page keys to save; the server adds '1' and the group keys. */
export function tickedKeys(tree: readonly AccessRightGroup[]): string[] {
  return tree.flatMap((g) => g.children.filter((c) => c.Status).map((c) => c.key));
}

/** Some but not all pages of the group ticked: the select-all box shows a dash. */
export function isPartial(group: AccessRightGroup): boolean {
  const n = group.children.filter((c) => c.Status).length;
  return n > 0 && n < group.children.length;
}
