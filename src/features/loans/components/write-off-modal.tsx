/**
 * The write-off confirmation: irreversible, for loans in
 * default. Failure toasts "Failed to Write Off Loan"; success shows the server message.
 */
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { loansText as t } from '../../../i18n/loans';
import { formatKes } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import type { Loan } from '../../../domain/loans';
import { useWriteOffLoan } from '../api/write-off-loan';
import { useLoanAction } from '../hooks/use-loan-action';
import { failureText } from '../../../lib/failure';
import { FailureAlert } from '../../../components/failure-alert';
import { LoanModal } from './loan-modal';
import { personName } from '../../../lib/names';

export function WriteOffModal({
  loan,
  onClose,
  onWrittenOff,
}: {
  loan: Loan | null;
  onClose: () => void;
  onWrittenOff: () => void;
}) {
  return (
    <LoanModal opened={loan !== null} onClose={onClose} title={t.writeOffTitle} size={500}>
      {loan && (
        <WriteOffConfirm key={loan.id} loan={loan} onClose={onClose} onWrittenOff={onWrittenOff} />
      )}
    </LoanModal>
  );
}

function WriteOffConfirm({
  loan,
  onClose,
  onWrittenOff,
}: {
  loan: Loan;
  onClose: () => void;
  onWrittenOff: () => void;
}) {
  const action = useLoanAction<'writeOff', { message: string }>();
  const writeOffWrite = useWriteOffLoan();
  const writeOff = () =>
    action.run('writeOff', () => writeOffWrite.mutateAsync(loan.id), {
      onSuccess: (answer) => {
        notifySuccess(t.successTitle, answer.message);
        onWrittenOff();
      },
      onFailure: (failure) => {
        const message = failureText(failure, t.writeOffFailed);
        notifyError(t.writeOffFailed, message);
        return message;
      },
    });

  return (
    <Stack gap="md">
      <Text fw={500}>{t.writeOffConfirm}</Text>
      <Text size="sm" c="dimmed">
        {t.loanOf(loan.loanCode, personName(loan.borrower))}
      </Text>
      <Alert color="orange" variant="light" icon={<IconAlertTriangle />}>
        {t.writeOffWarning(formatKes(loan.outstandingAmount))}
      </Alert>
      <FailureAlert message={action.error} title={t.writeOffFailed} />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" size="md" onClick={onClose} disabled={action.busy !== null}>
          {t.cancel}
        </Button>
        <Button
          color="red"
          size="md"
          onClick={() => void writeOff()}
          disabled={action.busy !== null}
        >
          {action.busy ? t.writingOff : t.writeOff}
        </Button>
      </Group>
    </Stack>
  );
}
