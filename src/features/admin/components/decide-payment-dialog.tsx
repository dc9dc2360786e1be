/**
 * The confirmation of a decision about a stuck payment: paid (with the M-Pesa receipt
 * number the admin read in the M-Pesa portal) or failed (reversed), and a reason, which
 * the server keeps in the payment's history and the audit log.
 */
import { Button, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { schemaResolver } from '../../../lib/form-resolver';
import { AppModal } from '../../../components/app-modal';
import { FailureAlert } from '../../../components/failure-alert';
import {
  decisionSchema,
  REASON_MAX_LENGTH,
  type DecisionInput,
  type DecisionOutcome,
  type PaymentForDecision,
} from '../../../domain/mpesa-decisions';
import { decisionsText as t } from '../../../i18n/mpesa-decisions';
import { formatKes } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { useDecidePayment } from '../api/decide-payment';
import { failureMessage, notifyFailure } from '../../../lib/failure';

/** "Withdrawal of KES 1,500.00 to 254712345678 (#12)": the payment in one line. */
export function describePayment(payment: PaymentForDecision): string {
  return t.describe(
    t.purposes[payment.purpose] ?? payment.purpose,
    formatKes(payment.amount),
    payment.phoneNumber,
    payment.id,
    payment.kind === 'stk',
  );
}

export function DecidePaymentDialog({
  payment,
  outcome,
  onClose,
  onDecided,
}: {
  payment: PaymentForDecision;
  outcome: DecisionOutcome;
  onClose: () => void;
  onDecided: () => void;
}) {
  const paid = outcome === 'paid';
  const decide = useDecidePayment(payment.id, {
    onSuccess: (answer) => {
      notifySuccess(t.successTitle, answer.message);
      onDecided();
    },
    onError: (failure) => notifyFailure(t.decideFailed, failure),
  });
  // Once decided, the dialog stays busy until the page closes it.
  const busy = decide.isPending || decide.isSuccess;
  const error = decide.error ? failureMessage(decide.error) : null;
  const form = useForm<DecisionInput>({
    mode: 'uncontrolled',
    initialValues: { outcome, receipt: '', reason: '' },
    validate: schemaResolver(decisionSchema),
  });

  return (
    <AppModal
      size={500}
      title={paid ? t.confirmPaidTitle : t.confirmFailedTitle}
      busy={busy}
      onClose={onClose}
    >
      <form
        onSubmit={form.onSubmit((values: DecisionInput) =>
          decide.mutate({
            outcome,
            receipt: paid ? (values.receipt ?? '').trim().toUpperCase() : '',
            reason: (values.reason ?? '').trim(),
          }),
        )}
        noValidate
      >
        <Stack gap="md">
          <Text size="sm">
            {(paid ? t.confirmPaidText : t.confirmFailedText)(describePayment(payment))}
          </Text>
          <FailureAlert title={t.decideFailed} message={error} />
          {paid && (
            <TextInput
              label={t.receiptLabel}
              placeholder={t.receiptPlaceholder}
              withAsterisk
              data-autofocus
              autoCapitalize="characters"
              autoComplete="off"
              maxLength={12}
              key={form.key('receipt')}
              {...form.getInputProps('receipt')}
            />
          )}
          <Textarea
            label={t.reasonLabel}
            placeholder={t.reasonPlaceholder}
            withAsterisk
            autosize
            minRows={3}
            maxLength={REASON_MAX_LENGTH}
            {...(paid ? {} : { 'data-autofocus': true })}
            key={form.key('reason')}
            {...form.getInputProps('reason')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy} mih={44}>
              {t.cancel}
            </Button>
            <Button type="submit" color={paid ? undefined : 'red'} disabled={busy} mih={44}>
              {busy ? t.deciding : paid ? t.confirmPaid : t.confirmFailed}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
