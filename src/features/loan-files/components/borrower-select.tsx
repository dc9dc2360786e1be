/**
 * The borrower choice of the loan-files form: name and phone in the option, found by
 * name, phone (with or without spaces) or ID number. Every borrower of the business may
 * have files, whatever its status.
 */
import { Select, type ComboboxItem, type OptionsFilter } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMemo } from 'react';
import { formatKenyanPhone } from '../../../domain/phone';
import { loanFilesText as t } from '../../../i18n/field-work';
import type { BorrowerChoice } from '../api/get-borrowers';

const compact = (text: string) => text.toLowerCase().replace(/[\s-]/g, '');

export const borrowerFullName = (borrower: Pick<BorrowerChoice, 'firstName' | 'lastName'>) =>
  [borrower.firstName, borrower.lastName].filter(Boolean).join(' ');

export function BorrowerSelect({
  borrowers,
  loading,
  failed,
  value,
  onChange,
  error,
  disabled,
}: {
  borrowers: BorrowerChoice[] | undefined;
  loading: boolean;
  failed: boolean;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  disabled?: boolean;
}) {
  const { data, filter } = useMemo(() => {
    const searchText = new Map<string, string>();
    const options: ComboboxItem[] = (borrowers ?? []).map((borrower) => {
      const id = String(borrower.id);
      const name = borrowerFullName(borrower);
      const phone = formatKenyanPhone(borrower.phoneNumber);
      const local = borrower.phoneNumber.replace(/^254/, '0');
      searchText.set(id, compact(`${name}|${phone}|${local}|${borrower.idNumber}`));
      return { value: id, label: t.borrowerOption(name, phone) };
    });
    const byText: OptionsFilter = ({ options: parsed, search }) => {
      const query = compact(search);
      if (!query) return parsed;
      return parsed.filter(
        (item) => 'value' in item && (searchText.get(item.value) ?? '').includes(query),
      );
    };
    return { data: options, filter: byText };
  }, [borrowers]);

  const none = borrowers?.length === 0;
  return (
    <Select
      label={t.borrowerLabel}
      placeholder={loading ? t.borrowersLoading : t.borrowerPlaceholder}
      data={data}
      filter={filter}
      searchable
      limit={50}
      nothingFoundMessage={t.noBorrowerMatches}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      disabled={disabled || loading || none}
      description={none ? t.noBorrowers : undefined}
      error={error ?? (failed ? t.borrowersFailed : undefined)}
      withAsterisk
      size="md"
      comboboxProps={{ withinPortal: true }}
    />
  );
}
