/** How a lender is named and found in the administrators' lists. */
import type { Lender } from '../api/get-lenders';
import { lendersText } from '../../../i18n/lenders';
import { personName } from '../../../lib/names';

type Named = Pick<Lender, 'firstName' | 'lastName' | 'email'>;

/** "Wanjiru Kamau"; the email when the lender has not given a name yet. */
export function lenderName(lender: Named): string {
  return personName(lender) || lender.email || lendersText.adminScreens.unnamed;
}

/** Only lenders with at least one of first name, last name or email are listed. */
export function isListed(lender: Named): boolean {
  return [lender.firstName, lender.lastName, lender.email].some((part) => !!part?.trim());
}

/** Case-insensitive match on names, email, phone, ID number and business names. */
export function matchesSearch(lender: Lender, search: string): boolean {
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = [
    lender.firstName,
    lender.lastName,
    lender.email,
    lender.phoneNumber,
    lender.idNumber,
    ...lender.lenderBusinesses.map((business) => business.businessName),
  ]
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
  return words.every((word) => haystack.includes(word));
}
