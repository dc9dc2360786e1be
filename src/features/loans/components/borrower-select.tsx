/**
 * The searchable borrower choice of the application form: name and phone in the option,
 * found by name, phone (as typed, with or without spaces) or ID number. Borrowers who
 * are not active show their status and cannot be chosen (DESIGN.md §5); one registered
 * offline and still being sent can be (DESIGN.md §7).
 */
import { Select, type ComboboxItem, type OptionsFilter } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMemo } from 'react';
import { formatKenyanPhone } from '../../../domain/phone';
import { loansText as t } from '../../../i18n/loans';
import { capitalizeWords } from '../../../lib/format';
import type { BorrowerChoice } from '../api/get-borrowers';
import { personName } from '../utils/terms';
import { PENDING_STATUS } from '../../../offline/pending';

const compact = (text: string) => text.toLowerCase().replace(/[\s-]/g, '');

export function BorrowerSelect({
  borrowers,
  loading,
  failed,
  value,
  onChange,
  error,
}: {
  borrowers: BorrowerChoice[] | undefined;
  loading: boolean;
  failed: boolean;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const { data, filter } = useMemo(() => {
    const searchText = new Map<string, string>();
    const options: ComboboxItem[] = (borrowers ?? []).map((borrower) => {
      const id = String(borrower.id);
      const name = personName(borrower);
      const phone = formatKenyanPhone(borrower.phoneNumber);
      searchText.set(id, compact(`${name}|${phone}|${borrower.phoneNumber}|${borrower.idNumber}`));
      const pending = borrower.status === PENDING_STATUS;
      const active = borrower.status === 'active' || pending;
      return {
        value: id,
        label: pending
          ? t.borrowerOptionPending(name, phone)
          : active
            ? t.borrowerOption(name, phone)
            : t.borrowerOptionInactive(name, phone, capitalizeWords(borrower.status)),
        disabled: !active,
      };
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
      disabled={loading || none}
      description={none ? t.noBorrowers : undefined}
      error={error ?? (failed ? t.borrowersFailed : undefined)}
      withAsterisk
      size="md"
      data-autofocus
    />
  );
}
