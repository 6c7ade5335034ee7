// Grouping values by a key in a map of lists, in place. The spelled-out
// `map.set(key, [...(map.get(key) ?? []), value])` copies the group for each
// value: quadratic, which a fleet of thousands falling into one group (one
// interval, one parent, one incident) turns into seconds of CPU and megabytes
// of garbage.

/** Adds the value to the key's list, making the list when it is the key's first. */
export function groupInto<K, V>(groups: Map<K, V[]>, key: K, value: V): void {
  const group = groups.get(key);
  if (group) group.push(value);
  else groups.set(key, [value]);
}
