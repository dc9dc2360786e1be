/**
 * Refund to the payer, in two steps: the administrator types the payer's number (M-Pesa
 * may have masked it; a full number it sent is filled in), then confirms the amount and
 * the number before the B2C leaves. The whole payment goes back; no business pays for it.
 */
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useIsMutating } from '@tanstack/react-query';
import { useState } from 'react';
import * as v from 'valibot';
import { AppModal } from '../../../components/app-modal';
import { FailureAlert } from '../../../components/failure-alert';
import { formatKenyanPhone, normalizeKenyanPhone } from '../../../domain/phone';
import { paymentPhone } from '../../../domain/mpesa-payments';
import { moneyText } from '../../../i18n/money';
import { unassignedPaymentsText as t } from '../../../i18n/paybills';
import { failureMessage, notifyFailure } from '../../../lib/failure';
import { formatKsh } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import type { UnassignedPayment } from '../api/get-unassigned-payments';
import { refundPaymentKey, useRefundPayment } from '../api/refund-payment';

/** The payer's number when M-Pesa sent it whole: 0712345678. */
function knownPhone(msisdn: string | null): string {
  const normalized = msisdn ? normalizeKenyanPhone(msisdn) : null;
  return normalized ? `0${normalized.slice(3)}` : '';
}

export function RefundPaymentDialog({
  payment,
  onClose,
  onRefunded,
}: {
  payment: UnassignedPayment | null;
  onClose: () => void;
  onRefunded: () => void;
}) {
  // The refund on its way: the dialog cannot be closed meanwhile.
  const busy = useIsMutating({ mutationKey: refundPaymentKey }) > 0;
  return (
    <AppModal
      size={500}
      opened={payment !== null}
      title={t.refundTitle}
      busy={busy}
      onClose={onClose}
    >
      {payment && (
        <RefundSteps
          key={payment.id}
          payment={payment}
          onCancel={onClose}
          onRefunded={onRefunded}
        />
      )}
    </AppModal>
  );
}

function RefundSteps({
  payment,
  onCancel,
  onRefunded,
}: {
  payment: UnassignedPayment;
  onCancel: () => void;
  onRefunded: () => void;
}) {
  const [phone, setPhone] = useState(() => knownPhone(payment.msisdn));
  const [phoneError, setPhoneError] = useState<string | null>(null);
  /** The number, normalised, once the administrator moved on to confirm it. */
  const [confirming, setConfirming] = useState<string | null>(null);
  const mutation = useRefundPayment(payment.id, {
    onSuccess: (answer) => {
      notifySuccess(t.successTitle, answer.message);
      onRefunded();
    },
    onError: (failure) => notifyFailure(t.refundFailed, failure),
  });
  const busy = mutation.isPending;
  const error = mutation.error ? failureMessage(mutation.error) : null;
  const amount = formatKsh(payment.amount);

  function next() {
    const parsed = v.safeParse(paymentPhone, phone);
    if (!parsed.success) {
      setPhoneError(parsed.issues[0].message);
      return;
    }
    setPhoneError(null);
    setConfirming(parsed.output);
  }

  if (confirming) {
    return (
      <Stack gap="md">
        <Text fw={500}>{t.refundConfirm(amount, formatKenyanPhone(confirming))}</Text>
        <FailureAlert message={error} title={t.refundFailed} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => setConfirming(null)} disabled={busy} size="md">
            {t.back}
          </Button>
          <Button
            color="red.9"
            onClick={() => mutation.mutate(confirming)}
            disabled={busy}
            size="md"
          >
            {busy ? t.refunding : t.confirmRefund}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        next();
      }}
      noValidate
    >
      <Stack gap="md">
        <Text>{t.refundText(payment.transId, amount)}</Text>
        {payment.msisdn && (
          <Text size="sm" c="dimmed">
            {t.maskedPayer(payment.msisdn)}
          </Text>
        )}
        <TextInput
          label={t.phoneLabel}
          description={t.phoneHint}
          placeholder={moneyText.phonePlaceholder}
          inputMode="tel"
          autoComplete="off"
          value={phone}
          onChange={(event) => setPhone(event.currentTarget.value)}
          error={phoneError}
          withAsterisk
          size="md"
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} size="md">
            {t.cancel}
          </Button>
          <Button type="submit" size="md">
            {t.next}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
