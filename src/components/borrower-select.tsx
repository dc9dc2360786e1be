/**
 * The searchable borrower choice of the field forms (loan application, loan files): each
 * option shows the name and phone, and is found by name, phone (as typed, with or without
 * spaces, 07… or 2547…) or ID number. The form says how an option reads and whether it
 * can be chosen (`option`), and gives its texts.
 */
import { Select, type ComboboxItem, type OptionsFilter } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMemo } from 'react';
import { formatKenyanPhone, localKenyanPhone } from '../domain/phone';
import { personName } from '../lib/names';

export type BorrowerOption = {
  id: number;
  firstName: string;
  lastName: string;
  /** Stored as 2547XXXXXXXX / 2541XXXXXXXX. */
  phoneNumber: string;
  idNumber: string;
};

export type BorrowerSelectTexts = {
  borrowerLabel: string;
  borrowerPlaceholder: string;
  borrowersLoading: string;
  noBorrowerMatches: string;
  noBorrowers: string;
  borrowersFailed: string;
};

const compact = (text: string) => text.toLowerCase().replace(/[\s-]/g, '');

export function BorrowerSelect<B extends BorrowerOption>({
  borrowers,
  option,
  texts,
  loading,
  failed,
  value,
  onChange,
  error,
  disabled,
  autoFocus,
}: {
  borrowers: B[] | undefined;
  /** How a borrower's option reads, from its name and formatted phone. */
  option: (borrower: B, name: string, phone: string) => { label: string; disabled?: boolean };
  texts: BorrowerSelectTexts;
  loading: boolean;
  failed: boolean;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  disabled?: boolean;
  autoFocus?: boolean;
}) {
  const { data, filter } = useMemo(() => {
    const searchText = new Map<string, string>();
    const options: ComboboxItem[] = (borrowers ?? []).map((borrower) => {
      const id = String(borrower.id);
      const name = personName(borrower);
      const phone = formatKenyanPhone(borrower.phoneNumber);
      const local = localKenyanPhone(borrower.phoneNumber);
      searchText.set(
        id,
        compact(`${name}|${phone}|${borrower.phoneNumber}|${local}|${borrower.idNumber}`),
      );
      return { value: id, ...option(borrower, name, phone) };
    });
    const byText: OptionsFilter = ({ options: parsed, search }) => {
      const query = compact(search);
      if (!query) return parsed;
      return parsed.filter(
        (item) => 'value' in item && (searchText.get(item.value) ?? '').includes(query),
      );
    };
    return { data: options, filter: byText };
  }, [borrowers, option]);

  const none = borrowers?.length === 0;
  return (
    <Select
      label={texts.borrowerLabel}
      placeholder={loading ? texts.borrowersLoading : texts.borrowerPlaceholder}
      data={data}
      filter={filter}
      searchable
      limit={50}
      nothingFoundMessage={texts.noBorrowerMatches}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      disabled={disabled || loading || none}
      description={none ? texts.noBorrowers : undefined}
      error={error ?? (failed ? texts.borrowersFailed : undefined)}
      withAsterisk
      size="md"
      data-autofocus={autoFocus || undefined}
    />
  );
}
