/** How people are named on screen: borrowers, agents, lenders alike. */
export type Named = { firstName?: string | null; lastName?: string | null };

/** "First Last"; only the parts that are known, empty when neither is. */
export function personName(person: Named | null | undefined): string {
  return [person?.firstName, person?.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
}
