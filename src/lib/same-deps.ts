/** Whether two dependency lists hold the same values, compared with Object.is, as React's are. */
export function sameDeps(before: readonly unknown[], after: readonly unknown[]): boolean {
  return (
    before.length === after.length && before.every((value, index) => Object.is(value, after[index]))
  );
}
