/**
 * The Match Repayments dialog: choose one of the business's loans that take repayments and
 * tick one or more unmatched repayments; Match stays disabled until both are chosen.
 * Success toasts the server's message; a failure shows as a toast and an inline alert.
 */
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  ScrollArea,
  Select,
  Stack,
  Text,
} from '@mantine/core';
import { usePhone } from '../../../lib/use-phone';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { centsToNumber, toCents } from '../../../domain/money';
import { commonText } from '../../../i18n/common';
import { matchingText as t } from '../../../i18n/matching';
import { formatDateTime, formatKsh, orNA } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { matchableLoansQuery, type MatchableLoan } from '../api/get-matchable-loans';
import type { RepaymentTransaction } from '../api/get-repayment-transactions';
import { useMatchRepayments } from '../api/match-repayments';
import { failureMessage, notifyFailure } from '../../../lib/failure';
import { payerOf } from '../utils/unmatched';
import { personName } from '../../../lib/names';

/** The maximum height of the dialog's repayment list, in pixels (it scrolls beyond). */
const REPAYMENT_LIST_MAX_HEIGHT = 200;

export function MatchRepaymentsDialog({
  opened,
  businessId,
  repayments,
  onClose,
  onMatched,
}: {
  opened: boolean;
  businessId: number;
  /** The unmatched repayments of the business. */
  repayments: RepaymentTransaction[];
  onClose: () => void;
  onMatched: () => void;
}) {
  const phone = usePhone();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t.dialogTitle}
      size={500}
      fullScreen={phone}
      centered
      radius="md"
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {/* Mounted while open only: each opening starts empty and reloads the loans. */}
      <MatchForm
        businessId={businessId}
        repayments={repayments}
        onClose={onClose}
        onMatched={onMatched}
      />
    </Modal>
  );
}

const borrowerName = (loan: MatchableLoan) => orNA(personName(loan.borrower));

function MatchForm({
  businessId,
  repayments,
  onClose,
  onMatched,
}: {
  businessId: number;
  repayments: RepaymentTransaction[];
  onClose: () => void;
  onMatched: () => void;
}) {
  const loans = useQuery(matchableLoansQuery(businessId));
  const [loanId, setLoanId] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const mutation = useMatchRepayments({
    onSuccess: (answer) => {
      notifySuccess(t.successTitle, answer.message);
      onMatched();
    },
    onError: (failure) => notifyFailure(commonText.errorTitle, failure),
  });
  const busy = mutation.isPending;
  const error = mutation.error ? failureMessage(mutation.error) : null;

  const options = useMemo(
    () =>
      (loans.data ?? []).map((loan) => ({
        value: String(loan.id),
        label: t.loanOption(loan.loanCode, borrowerName(loan)),
      })),
    [loans.data],
  );
  const loan = loans.data?.find((entry) => String(entry.id) === loanId) ?? null;
  // Only repayments still on offer count, should the list change under the dialog.
  const picked = repayments.filter((repayment) => chosen.includes(String(repayment.id)));
  const pickedTotal = centsToNumber(
    picked.reduce((sum, repayment) => sum + toCents(repayment.amount), 0),
  );
  const ready = loan !== null && picked.length > 0 && !busy;

  function submit() {
    if (!loan || !picked.length) return;
    mutation.mutate({ loanId: loan.id, repaymentIds: picked.map((repayment) => repayment.id) });
  }

  const loanHint = loans.error
    ? t.loansFailed
    : loans.data && !loans.data.length
      ? t.noOpenLoans
      : undefined;
  const byId = new Map((loans.data ?? []).map((entry) => [String(entry.id), entry]));

  return (
    <Stack gap="md">
      <Select
        label={t.loanLabel}
        placeholder={loans.isLoading ? t.loansLoading : t.loanPlaceholder}
        data={options}
        value={loanId}
        onChange={setLoanId}
        searchable
        clearable
        nothingFoundMessage={t.noLoanMatches}
        disabled={loans.isLoading || !!loans.error || busy}
        error={loans.error ? loanHint : undefined}
        description={loans.error ? undefined : loanHint}
        size="md"
        comboboxProps={{ withinPortal: true }}
        renderOption={({ option }) => {
          const entry = byId.get(option.value);
          return (
            <Group justify="space-between" wrap="nowrap" gap="sm" w="100%">
              <Text size="sm">{option.label}</Text>
              {entry && (
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {t.outstanding(formatKsh(entry.outstandingAmount))}
                </Text>
              )}
            </Group>
          );
        }}
        withAsterisk
      />
      {loan && (
        <Text size="sm" mt={-8}>
          {t.outstandingNow(formatKsh(loan.outstandingAmount))}
        </Text>
      )}

      <Checkbox.Group
        label={t.repaymentsLabel}
        description={t.repaymentsHint}
        value={chosen}
        onChange={setChosen}
        withAsterisk
      >
        <ScrollArea.Autosize
          mah={REPAYMENT_LIST_MAX_HEIGHT}
          type="auto"
          offsetScrollbars
          mt="xs"
          data-testid="repayment-choices"
        >
          <Stack gap="sm" py={4}>
            {repayments.map((repayment) => (
              <Checkbox
                key={repayment.id}
                value={String(repayment.id)}
                disabled={busy}
                label={t.repaymentOption(repayment.transactionDetails, formatKsh(repayment.amount))}
                description={t.repaymentDetail(
                  repayment.loanCode.trim() || t.blankAccount,
                  orNA(payerOf(repayment)),
                  formatDateTime(repayment.createdAt),
                )}
                styles={{ body: { alignItems: 'flex-start' }, label: { fontWeight: 600 } }}
              />
            ))}
          </Stack>
        </ScrollArea.Autosize>
      </Checkbox.Group>

      {picked.length > 0 && (
        <Text size="sm" fw={500} aria-live="polite">
          {t.selectedTotal(picked.length, formatKsh(pickedTotal))}
        </Text>
      )}

      {error && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle />}
          title={commonText.errorTitle}
          role="alert"
        >
          {error}
        </Alert>
      )}

      <Group justify="flex-end" gap="sm">
        <Button variant="default" size="md" onClick={onClose} disabled={busy}>
          {t.cancel}
        </Button>
        <Button size="md" onClick={submit} disabled={!ready}>
          {busy ? t.submitting : t.submit}
        </Button>
      </Group>
    </Stack>
  );
}
