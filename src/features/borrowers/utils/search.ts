/**
 * The borrowers list search: a name, an ID number, or a phone number written the way
 * people write it (0712 345 678, +254712…, or a part of it).
 */
import type { Borrower } from '../../../domain/borrowers';
import { personName } from '../../../lib/names';

function phoneForms(phone: string | null): string[] {
  if (!phone) return [];
  return phone.startsWith('254') ? [phone, `0${phone.slice(3)}`] : [phone];
}

type Searchable = Pick<
  Borrower,
  'firstName' | 'lastName' | 'idNumber' | 'phoneNumber' | 'alternativePhoneNumber'
>;

export function matchesSearch(borrower: Searchable, query: string): boolean {
  const text = query.trim().toLowerCase();
  if (!text) return true;
  if (personName(borrower).toLowerCase().includes(text)) return true;
  if (`${borrower.lastName} ${borrower.firstName}`.toLowerCase().includes(text)) return true;
  if (borrower.idNumber.toLowerCase().includes(text)) return true;
  const digits = text.replace(/[\s\-+()]/g, '');
  if (!/^\d+$/.test(digits)) return false;
  return [borrower.phoneNumber, borrower.alternativePhoneNumber]
    .flatMap(phoneForms)
    .some((form) => form.includes(digits));
}
