/** How people are named on screen: borrowers, agents, lenders alike. */
export type Named = { firstName?: string | null; lastName?: string | null };

/** "First Last"; only the parts that are known, empty when neither is. */
export function personName(person: Named | null | undefined): string {
  return [person?.firstName, person?.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
}

/**
 * "JD" for Jane Doe, on a profile card or an avatar: the first letters of the parts that are
 * known, else of the email, else "?".
 */
export function initials(person: Named & { email?: string | null }): string {
  const letters = `${person.firstName?.charAt(0) ?? ''}${person.lastName?.charAt(0) ?? ''}`;
  return (letters || person.email?.charAt(0) || '?').toUpperCase();
}
