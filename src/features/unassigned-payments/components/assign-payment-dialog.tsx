/**
 * Assign to a business: the administrator chooses the business (found by its name, its
 * lender or its paybill) whose Manual Match the payment goes to. When the payment was
 * made to a business's paybill not verified yet, that business is proposed.
 */
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useIsMutating, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { AppModal } from '../../../components/app-modal';
import { FailureAlert } from '../../../components/failure-alert';
import { unassignedPaymentsText as t } from '../../../i18n/paybills';
import { failureMessage, notifyFailure } from '../../../lib/failure';
import { formatKsh } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { assignPaymentKey, useAssignPayment } from '../api/assign-payment';
import { assignableBusinessesQuery } from '../api/get-assignable-businesses';
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
  // The assignment on its way: the dialog cannot be closed meanwhile.
  const busy = useIsMutating({ mutationKey: assignPaymentKey }) > 0;
  return (
    <AppModal
      size={500}
      opened={payment !== null}
      title={t.assignTitle}
      busy={busy}
      onClose={onClose}
    >
      {payment && (
        <AssignForm key={payment.id} payment={payment} onCancel={onClose} onAssigned={onAssigned} />
      )}
    </AppModal>
  );
}

function AssignForm({
  payment,
  onCancel,
  onAssigned,
}: {
  payment: UnassignedPayment;
  onCancel: () => void;
  onAssigned: () => void;
}) {
  const businesses = useQuery(assignableBusinessesQuery());
  const [value, setValue] = useState<string | null>(
    payment.paybillBusiness ? String(payment.paybillBusiness.id) : null,
  );
  const [fieldError, setFieldError] = useState<string | null>(null);
  const mutation = useAssignPayment(payment.id, {
    onSuccess: (answer) => {
      notifySuccess(t.successTitle, answer.message);
      onAssigned();
    },
    onError: (failure) => notifyFailure(t.assignFailed, failure),
  });
  const busy = mutation.isPending;
  const error = mutation.error ? failureMessage(mutation.error) : null;
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

  function submit() {
    if (!value) {
      setFieldError(t.businessRequired);
      return;
    }
    mutation.mutate(Number(value));
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
        disabled={businesses.isLoading || busy}
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
        <Button onClick={submit} disabled={busy || businesses.isLoading} size="md">
          {busy ? t.assigning : t.assign}
        </Button>
      </Group>
    </Stack>
  );
}
