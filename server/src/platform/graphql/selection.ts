import { Kind, type GraphQLResolveInfo, type SelectionSetNode } from "graphql";

/**
 * Whether the field being resolved asks for the sub-field at `path` (through fragments too), so a resolver can read
 * what it needs in one statement with its parent instead of apart from it.
 */
export function selectsPath(info: GraphQLResolveInfo, path: readonly string[]): boolean {
  const within = (set: SelectionSetNode | undefined, rest: readonly string[], depth: number): boolean => {
    if (!set || depth > 32) return false;
    if (rest.length === 0) return true;
    return set.selections.some((selection) => {
      if (selection.kind === Kind.FIELD) {
        return selection.name.value === rest[0] && within(selection.selectionSet, rest.slice(1), depth + 1);
      }
      if (selection.kind === Kind.INLINE_FRAGMENT) return within(selection.selectionSet, rest, depth + 1);
      return within(info.fragments[selection.name.value]?.selectionSet, rest, depth + 1);
    });
  };
  return info.fieldNodes.some((node) => within(node.selectionSet, path, 0));
}
