/**
 * The Process Refund confirmation: "Are you sure you want to refund {amount} to {borrower}?
 * This action cannot be undone.", the M-Pesa number it goes to
 * (the borrower's own by default), and the refund. A failure shows the server's
 * sentence; one about M-Pesa's minimum is titled "Withdrawal declined".
 */
import { Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import * as v from 'valibot';
import { FailureAlert } from '../../../components/failure-alert';
import { localKenyanPhone, normalizeKenyanPhone } from '../../../domain/phone';
import { BELOW_MINIMUM_MARKER, paymentPhone } from '../../../domain/mpesa-payments';
import { REFUND_REASON_MIN } from '../../../domain/refunds';
import { commonText } from '../../../i18n/common';
import { moneyText } from '../../../i18n/money';
import { refundsText as t } from '../../../i18n/refunds';
import { formatKsh } from '../../../lib/format';
import { failureMessage } from '../../../lib/failure';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useRefundBalance } from '../api/refund-balance';
import type { RefundLoan } from '../../../domain/repayments';
import { refundableAmount } from '../utils/refund-filter';
import { personName } from '../../../lib/names';

export function RefundDialog({
  loan,
  opened,
  onClose,
  onRefunded,
}: {
  loan: RefundLoan;
  opened: boolean;
  onClose: () => void;
  onRefunded: () => void;
}) {
  const [phone, setPhone] = useState(() => localKenyanPhone(loan.borrower.phoneNumber));
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  // Another number than the borrower's own needs a reason, which is kept with the refund.
  const typed = normalizeKenyanPhone(phone.trim());
  const otherNumber = typed !== null && typed !== loan.borrower.phoneNumber;
  const mutation = useRefundBalance({
    onSuccess: (answer) => {
      notifySuccess(t.successTitle, answer.message);
      onRefunded();
    },
    onError: (failure) => {
      const message = failureMessage(failure);
      notifyError(titleOf(message), message);
    },
  });
  const busy = mutation.isPending;
  const error = mutation.error ? failureMessage(mutation.error) : null;
  const amount = refundableAmount(loan);
  const leftOver = loan.latestWallet.total - amount;
  const titleOf = (message: string) =>
    message.includes(BELOW_MINIMUM_MARKER) ? t.declined : commonText.errorTitle;

  function refund() {
    const parsed = v.safeParse(paymentPhone, phone);
    if (!parsed.success) {
      setPhoneError(parsed.issues[0].message);
      return;
    }
    setPhoneError(null);
    const other = parsed.output !== loan.borrower.phoneNumber;
    if (other && reason.trim().length < REFUND_REASON_MIN) {
      setReasonError(t.refundReasonRequired);
      return;
    }
    setReasonError(null);
    mutation.mutate({
      phoneNumber: parsed.output,
      loanCode: loan.loanCode,
      amount,
      ...(other ? { reason: reason.trim() } : {}),
    });
  }

  return (
    <Modal opened={opened} onClose={onClose} title={t.confirmTitle} size={500} centered>
      <Stack gap="md">
        <Text fw={500}>{t.confirm(formatKsh(amount), personName(loan.borrower))}</Text>
        {leftOver > 0 && (
          <Text size="sm" c="dimmed">
            {t.centsStay(formatKsh(leftOver))}
          </Text>
        )}
        <FailureAlert message={error} title={error ? titleOf(error) : undefined} />
        <TextInput
          label={t.phoneLabel}
          description={moneyText.phoneHint}
          placeholder={moneyText.phonePlaceholder}
          inputMode="tel"
          value={phone}
          onChange={(event) => setPhone(event.currentTarget.value)}
          error={phoneError}
          size="md"
        />
        {otherNumber && (
          <Textarea
            label={t.refundReasonLabel}
            description={t.refundReasonHint}
            value={reason}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setReasonError(null);
            }}
            error={reasonError}
            maxLength={500}
            autosize
            minRows={2}
            withAsterisk
            size="md"
          />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" size="md" onClick={onClose} disabled={busy}>
            {t.cancel}
          </Button>
          <Button size="md" onClick={refund} disabled={busy}>
            {busy ? t.refunding : t.confirmButton}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
