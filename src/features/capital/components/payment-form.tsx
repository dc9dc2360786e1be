/**
 * The form both money screens share (Add money and Withdraw money): Phone Number and Amount
 * (KES), Initiate M-Pesa (Processing... while busy), then the request followed to M-Pesa's answer (PaymentOutcome): the success view with
 * "… Another" (a fresh form, no error) and Back to Dashboard once M-Pesa confirms, or
 * what went wrong. An answer without a message is a failure; a message about the
 * minimum transaction amount is a declined payment: a destructive toast and no success
 * view.
 */
import {
  Button,
  Group,
  NumberInput,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import { schemaResolver } from '../../../lib/form-resolver';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import * as v from 'valibot';
import { useStartCapitalPayment } from '../../../api/capital';
import { FailureAlert } from '../../../components/failure-alert';
import { BELOW_MINIMUM_MARKER } from '../../../domain/mpesa-payments';
import { paymentSchema } from '../../../domain/capital';
import { commonText } from '../../../i18n/common';
import { moneyText } from '../../../i18n/money';
import { capitalText as t } from '../../../i18n/capital';
import { failureMessage } from '../../../lib/failure';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { paths } from '../../../lib/paths';
import type { PaymentRequest, PaymentStarted } from '../../../domain/capital';
import { PaymentOutcome } from './payment-outcome';

const formSchema = v.omit(paymentSchema, ['lenderBusinessId']);
type Values = { phoneNumber: string; amount: number | string };

export type PaymentTexts = {
  successHeading: string;
  successText: string;
  successToast: string;
  again: string;
  emptyAnswer: string;
  /** The toast title of a declined payment (below M-Pesa's minimum). */
  declined?: string;
  /** While M-Pesa has not answered. */
  waitingHeading: string;
  /** Under the success heading, with the amount M-Pesa confirmed. */
  confirmed: (amount: string) => string;
  /** M-Pesa failed it (a cancelled prompt, a failed payment). */
  failedHeading: string;
};

export function PaymentForm({
  lenderBusinessId,
  send,
  texts,
}: {
  lenderBusinessId: number;
  send: (payment: PaymentRequest) => Promise<PaymentStarted>;
  texts: PaymentTexts;
}) {
  const form = useForm<Values>({
    initialValues: { phoneNumber: '', amount: '' },
    validate: schemaResolver(formSchema),
  });
  /** The M-Pesa request sent: followed to its outcome (null: the server named none). */
  const [sent, setSent] = useState<{ requestId: number | null } | null>(null);
  const start = async (values: Values) => {
    const payment = { ...v.parse(formSchema, values), lenderBusinessId };
    const answer = await send(payment);
    if (!answer.message) throw new Error(texts.emptyAnswer);
    if (answer.message.includes(BELOW_MINIMUM_MARKER)) throw new Error(answer.message);
    return answer;
  };
  const mutation = useStartCapitalPayment(start, {
    onSuccess: (answer) => {
      notifySuccess(commonText.successTitle, texts.successToast);
      setSent({ requestId: answer.mpesaRequestId });
    },
    onError: (failure) => {
      const message = failureMessage(failure);
      notifyError(failureTitle(message), message);
    },
  });
  const busy = mutation.isPending;
  const error = mutation.error ? failureMessage(mutation.error) : null;

  /** "Withdrawal declined" for a payment below M-Pesa's minimum, else the generic error title. */
  function failureTitle(message: string): string {
    return texts.declined && message.includes(BELOW_MINIMUM_MARKER)
      ? texts.declined
      : commonText.errorTitle;
  }

  function again() {
    form.reset();
    mutation.reset();
    setSent(null);
  }

  if (sent?.requestId) {
    return <PaymentOutcome requestId={sent.requestId} texts={texts} onAgain={again} />;
  }
  if (sent) {
    return (
      <Stack align="center" gap="md" py="xl" ta="center" role="status">
        <ThemeIcon size={64} radius="xl" color="teal" variant="light" aria-hidden>
          <IconCircleCheck size={40} />
        </ThemeIcon>
        <Title order={2} size="h3">
          {texts.successHeading}
        </Title>
        <Text c="dimmed">{texts.successText}</Text>
        <Group justify="center" gap="sm" mt="sm">
          <Button size="md" onClick={again}>
            {texts.again}
          </Button>
          <Button size="md" variant="default" component={Link} to={paths.dashboard.root}>
            {t.backToDashboard}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form onSubmit={form.onSubmit((values) => mutation.mutate(values))} noValidate>
      <Stack gap="md">
        <FailureAlert message={error} title={error ? failureTitle(error) : undefined} />
        <TextInput
          label={t.phoneLabel}
          placeholder={moneyText.phonePlaceholder}
          description={moneyText.phoneHint}
          inputMode="tel"
          autoComplete="tel-national"
          withAsterisk
          size="md"
          data-autofocus
          {...form.getInputProps('phoneNumber')}
        />
        <NumberInput
          label={t.amountLabel}
          placeholder={t.amountPlaceholder}
          inputMode="numeric"
          min={1}
          step={1}
          allowDecimal={false}
          allowNegative={false}
          thousandSeparator=","
          withAsterisk
          size="md"
          {...form.getInputProps('amount')}
        />
        <Button type="submit" size="md" disabled={busy} fullWidth>
          {busy ? t.submitting : t.submit}
        </Button>
      </Stack>
    </form>
  );
}
