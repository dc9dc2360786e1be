/**
 * Paybills waiting for verification (docs/architecture.md §6), on the Admin Dashboard: businesses
 * registered after their lender was approved. Until an administrator verifies that the
 * paybill is the business's own, payments to it wait in Unassigned payments. Each row
 * names the business, its lender and the paybill, with a Verify action that asks first.
 */
import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconShieldCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AppModal } from '../../../components/app-modal';
import { FailureAlert } from '../../../components/failure-alert';
import { commonText } from '../../../i18n/common';
import { paybillsWaitingText as t } from '../../../i18n/paybills';
import { failureMessage, notifyFailure } from '../../../lib/failure';
import { formatDate } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { paybillsWaitingQuery, type PaybillWaiting } from '../api/get-paybills-waiting';
import { useVerifyPaybill } from '../api/verify-paybill';

const lenderOf = (business: PaybillWaiting) => business.lender.name || business.lender.email;

function WaitingRow({ business, onVerify }: { business: PaybillWaiting; onVerify: () => void }) {
  return (
    <Group justify="space-between" align="center" gap="sm" role="listitem" wrap="wrap">
      <Stack gap={2} style={{ minWidth: 0, flex: '1 1 14rem' }}>
        <Text fw={600} truncate>
          {business.businessName}
        </Text>
        <Text size="sm" c="dimmed" truncate>
          {t.lender}: {lenderOf(business)} · {t.registered} {formatDate(business.createdAt)}
        </Text>
      </Stack>
      <Group gap="sm" wrap="nowrap" style={{ flex: '1 1 auto' }} justify="flex-end">
        <Badge variant="outline" color="gray" size="lg" tt="none" ff="monospace">
          {t.paybill} {business.paybillNumber}
        </Badge>
        <Button
          size="md"
          variant="light"
          leftSection={<IconShieldCheck size={18} />}
          onClick={onVerify}
          aria-label={t.verifyNamed(business.businessName)}
        >
          {t.verify}
        </Button>
      </Group>
    </Group>
  );
}

export function PaybillsWaitingPanel() {
  const waiting = useQuery(paybillsWaitingQuery());
  const [verifying, setVerifying] = useState<PaybillWaiting | null>(null);

  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-labelledby="paybills-waiting"
    >
      <Stack gap={4}>
        <Title order={2} size="h4" id="paybills-waiting">
          {t.title}
        </Title>
        <Text size="sm" c="dimmed">
          {t.description}
        </Text>
      </Stack>
      {waiting.error ? (
        <Alert
          mt="md"
          color="red"
          variant="light"
          icon={<IconAlertTriangle />}
          title={t.loadFailed}
        >
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{waiting.error.message}</Text>
            <Button variant="default" size="sm" onClick={() => void waiting.refetch()}>
              {commonText.retry}
            </Button>
          </Stack>
        </Alert>
      ) : waiting.isLoading ? (
        <Stack gap="sm" mt="md" aria-busy="true">
          {[0, 1].map((i) => (
            <Skeleton key={i} h={52} radius="sm" />
          ))}
        </Stack>
      ) : !waiting.data?.length ? (
        <Center mih={96}>
          <Text c="dimmed" ta="center">
            {t.empty}
          </Text>
        </Center>
      ) : (
        <Stack gap="md" mt="md" role="list" aria-label={t.title}>
          {waiting.data.map((business) => (
            <WaitingRow
              key={business.id}
              business={business}
              onVerify={() => setVerifying(business)}
            />
          ))}
        </Stack>
      )}
      <VerifyPaybillDialog
        business={verifying}
        onClose={() => setVerifying(null)}
        // The verification invalidates 'businesses', which reloads this list.
        onVerified={() => setVerifying(null)}
      />
    </Card>
  );
}

function VerifyPaybillDialog({
  business,
  onClose,
  onVerified,
}: {
  business: PaybillWaiting | null;
  onClose: () => void;
  onVerified: () => void;
}) {
  const verification = useVerifyPaybill({
    onSuccess: (answer) => {
      notifySuccess(t.successTitle, answer.message);
      onVerified();
    },
    onError: (failure) => notifyFailure(t.verifyFailed, failure),
  });
  const busy = verification.isPending;
  const error = verification.error ? failureMessage(verification.error) : null;

  function close() {
    verification.reset();
    onClose();
  }

  return (
    <AppModal
      size={500}
      opened={business !== null}
      title={t.confirmTitle}
      busy={busy}
      onClose={close}
    >
      {business && (
        <Stack gap="md">
          <Text>
            {t.confirmText(business.paybillNumber, business.businessName, lenderOf(business))}
          </Text>
          <FailureAlert message={error} title={t.verifyFailed} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={busy} size="md">
              {t.cancel}
            </Button>
            <Button onClick={() => verification.mutate(business.id)} disabled={busy} size="md">
              {busy ? t.verifying : t.confirm}
            </Button>
          </Group>
        </Stack>
      )}
    </AppModal>
  );
}
