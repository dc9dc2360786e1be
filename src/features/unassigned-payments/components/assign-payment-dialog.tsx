/**
 * Assign to a business: the administrator chooses the business (found by its name, its
 * lender or its paybill) whose Manual Match the payment goes to. When the payment was
 * made to a business's paybill not verified yet, that business is proposed.
 */
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { AppModal } from '../../../components/app-modal';
import { FailureAlert } from '../../../components/failure-alert';
import { unassignedPaymentsText as t } from '../../../i18n/paybills';
import { failureMessage } from '../../../lib/failure';
import { formatKsh } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useApiQuery } from '../../../lib/use-api-query';
import { assignPayment } from '../api/assign-payment';
import { getAssignableBusinesses } from '../api/get-assignable-businesses';
import type { UnassignedPayment } from '../api/get-unassigned-payments';

export function AssignPaymentDialog({
  payment,
  onClose,
  onAssigned,
}: {
  payment: UnassignedPayment | null;
  onClose: () => void;
  onAssigned: () => void;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <AppModal
      size={500}
      opened={payment !== null}
      title={t.assignTitle}
      busy={busy}
      onClose={onClose}
    >
      {payment && (
        <AssignForm
          key={payment.id}
          payment={payment}
          busy={busy}
          setBusy={setBusy}
          onCancel={onClose}
          onAssigned={onAssigned}
        />
      )}
    </AppModal>
  );
}

function AssignForm({
  payment,
  busy,
  setBusy,
  onCancel,
  onAssigned,
}: {
  payment: UnassignedPayment;
  busy: boolean;
  setBusy: (busy: boolean) => void;
  onCancel: () => void;
  onAssigned: () => void;
}) {
  const businesses = useApiQuery('admin:assignable-businesses', getAssignableBusinesses);
  const [value, setValue] = useState<string | null>(
    payment.paybillBusiness ? String(payment.paybillBusiness.id) : null,
  );
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const options = useMemo(
    () =>
      (businesses.data ?? []).map((business) => ({
        value: String(business.id),
        label: t.businessOption(
          business.businessName,
          business.lender.name || business.lender.email,
          business.paybillNumber,
        ),
      })),
    [businesses.data],
  );

  async function submit() {
    if (!value) {
      setFieldError(t.businessRequired);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await assignPayment(payment.id, Number(value));
      notifySuccess(t.successTitle, answer.message);
      onAssigned();
    } catch (failure) {
      const message = failureMessage(failure);
      notifyError(t.assignFailed, message);
      setError(message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="md">
      <Text>{t.assignText(payment.transId, formatKsh(payment.amount))}</Text>
      <FailureAlert message={error ?? businesses.error?.message ?? null} title={t.assignFailed} />
      <Select
        label={t.businessLabel}
        placeholder={t.businessPlaceholder}
        data={options}
        value={value}
        onChange={(next) => {
          setValue(next);
          setFieldError(null);
        }}
        searchable
        nothingFoundMessage={t.noBusinessFound}
        leftSection={<IconSearch size={16} />}
        disabled={businesses.loading || busy}
        error={fieldError}
        withAsterisk
        size="md"
        data-autofocus
        comboboxProps={{ withinPortal: true }}
      />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={busy} size="md">
          {t.cancel}
        </Button>
        <Button onClick={() => void submit()} disabled={busy || businesses.loading} size="md">
          {busy ? t.assigning : t.assign}
        </Button>
      </Group>
    </Stack>
  );
}
