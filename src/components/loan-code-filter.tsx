/**
 * The loan-code filter of the Fines and Repayments pages (spec part 2 §2): a choice of
 * the codes present in the list; choosing the chosen code again clears the filter.
 */
import { Select } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { useMemo, useState } from 'react';

export function useLoanCodeFilter<T>(rows: T[] | undefined, codeOf: (row: T) => string) {
  const [code, setCode] = useState<string | null>(null);
  const codes = useMemo(
    () => [...new Set((rows ?? []).map(codeOf))].sort((a, b) => a.localeCompare(b)),
    [rows, codeOf],
  );
  // A code that left the list (after a reload) no longer filters.
  const current = code !== null && codes.includes(code) ? code : null;
  const shown = useMemo(
    () => (current === null ? rows : rows?.filter((row) => codeOf(row) === current)),
    [rows, codeOf, current],
  );
  return { code: current, setCode, codes, shown };
}

export function LoanCodeFilter({
  codes,
  value,
  onChange,
  label,
  placeholder,
  description,
  nothingFound,
  disabled,
}: {
  codes: string[];
  value: string | null;
  onChange: (code: string | null) => void;
  label: string;
  placeholder: string;
  description: string;
  nothingFound: string;
  disabled?: boolean;
}) {
  return (
    <Select
      label={label}
      placeholder={placeholder}
      description={description}
      data={codes}
      value={value}
      onChange={onChange}
      allowDeselect
      clearable
      searchable
      nothingFoundMessage={nothingFound}
      disabled={disabled}
      leftSection={<IconFilter size={16} aria-hidden />}
      size="md"
      w={{ base: '100%', sm: 360 }}
      autoComplete="off"
      comboboxProps={{ withinPortal: true }}
    />
  );
}
