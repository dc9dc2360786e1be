/**
 * After Initiate M-Pesa: the request followed to M-Pesa's answer. While it is out the
 * view says what M-Pesa is waiting for; the "… Sent Successfully!" heading shows
 * only once M-Pesa confirmed, and a cancelled prompt or a failed withdrawal says so,
 * with M-Pesa's reason, and offers to try again.
 */
import { Button, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { capitalText as t } from '../../../i18n/capital';
import { formatKes } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { usePaymentFollowed } from '../api/get-payment';
import type { PaymentTexts } from './payment-form';

/** After this long unanswered, the view says the lender need not wait on the page. */
const SLOW_MS = 60_000;

export function PaymentOutcome({
  requestId,
  texts,
  onAgain,
}: {
  requestId: number;
  texts: PaymentTexts;
  onAgain: () => void;
}) {
  const payment = usePaymentFollowed(requestId);
  const status = payment.data?.status;
  const [slow, setSlow] = useState(false);

  useEffect(() => {
    const timer = window.setTimeout(() => setSlow(true), SLOW_MS);
    return () => window.clearTimeout(timer);
  }, []);

  const buttons = (again: string) => (
    <Group justify="center" gap="sm" mt="sm">
      <Button size="md" onClick={onAgain}>
        {again}
      </Button>
      <Button size="md" variant="default" component={Link} to={paths.dashboard.root}>
        {t.backToDashboard}
      </Button>
    </Group>
  );

  if (status === 'succeeded') {
    const data = payment.data!;
    return (
      <View icon={<IconCircleCheck size={40} />} color="teal" heading={texts.successHeading}>
        <Text c="dimmed">{texts.confirmed(formatKes(data.amount))}</Text>
        {data.receipt && (
          <Text size="sm" c="dimmed">
            {t.receipt(data.receipt)}
          </Text>
        )}
        {buttons(texts.again)}
      </View>
    );
  }
  if (status === 'failed') {
    const reason = payment.data?.resultDesc;
    return (
      <View icon={<IconAlertTriangle size={40} />} color="red" heading={texts.failedHeading}>
        {reason && <Text>{t.failedBecause(reason)}</Text>}
        <Text c="dimmed">{t.nothingMoved}</Text>
        {buttons(t.tryAgain)}
      </View>
    );
  }
  return (
    <View icon={<Loader size={32} aria-hidden />} color="blue" heading={texts.waitingHeading}>
      <Text c="dimmed">{texts.successText}</Text>
      <Text size="sm" c="dimmed">
        {slow ? t.slowNote : t.waitingNote}
      </Text>
      {buttons(texts.again)}
    </View>
  );
}

function View({
  icon,
  color,
  heading,
  children,
}: {
  icon: ReactNode;
  color: string;
  heading: string;
  children: ReactNode;
}) {
  return (
    <Stack align="center" gap="md" py="xl" ta="center" role="status">
      <ThemeIcon size={64} radius="xl" color={color} variant="light" aria-hidden>
        {icon}
      </ThemeIcon>
      <Title order={2} size="h3">
        {heading}
      </Title>
      {children}
    </Stack>
  );
}
