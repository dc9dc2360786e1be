/**
 * The Follow-ups list's search and business filter:
 * the borrower's name, or the phone number written the way people write it (0712 345
 * 678, +254712…, or a part of it); "all" keeps every business.
 */
import type { ActiveLoan } from '../api/get-active-loans';

import { ALL_BUSINESSES } from '../../../components/list-filters';

export { ALL_BUSINESSES };

function phoneForms(phone: string): string[] {
  return phone.startsWith('254') ? [phone, `0${phone.slice(3)}`] : [phone];
}

export function matchesSearch(loan: ActiveLoan, query: string): boolean {
  const text = query.trim().toLowerCase().replace(/\s+/g, ' ');
  if (!text) return true;
  const { firstName, lastName, phoneNumber } = loan.borrower;
  const names = [`${firstName} ${lastName}`, `${lastName} ${firstName}`];
  if (names.some((name) => name.toLowerCase().includes(text))) return true;
  const digits = text.replace(/[\s\-+()]/g, '');
  return /^\d+$/.test(digits) && phoneForms(phoneNumber).some((form) => form.includes(digits));
}

export function filterLoans(loans: ActiveLoan[], search: string, businessId: string): ActiveLoan[] {
  return loans.filter(
    (loan) =>
      (businessId === ALL_BUSINESSES || String(loan.lenderBusinessId) === businessId) &&
      matchesSearch(loan, search),
  );
}
