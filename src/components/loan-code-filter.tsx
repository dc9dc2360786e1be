/**
 * The loan-code filter of the Fines and Repayments pages: a choice of
 * the codes present in the list; choosing the chosen code again clears the filter.
 */
import { Select } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { useMemo, useState } from 'react';

export type LoanCodeFilterTexts = {
  label: string;
  placeholder: string;
  description: string;
  nothingFound: string;
};

/** The rows with the chosen code (all while none is chosen), and the filter's props. */
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
  return { code: current, shown, props: { codes, value: current, onChange: setCode } };
}

export function LoanCodeFilter({
  codes,
  value,
  onChange,
  texts,
}: {
  codes: string[];
  value: string | null;
  onChange: (code: string | null) => void;
  texts: LoanCodeFilterTexts;
}) {
  return (
    <Select
      label={texts.label}
      placeholder={texts.placeholder}
      description={texts.description}
      nothingFoundMessage={texts.nothingFound}
      data={codes}
      value={value}
      onChange={onChange}
      allowDeselect
      clearable
      searchable
      disabled={!codes.length}
      leftSection={<IconFilter size={16} aria-hidden />}
      size="md"
      w={{ base: '100%', sm: 360 }}
      autoComplete="off"
      comboboxProps={{ withinPortal: true }}
    />
  );
}
