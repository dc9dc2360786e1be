/**
 * A lender's second factor on its profile: on or off, set it up, turn it off with a code,
 * and which of its businesses require it (then it cannot be turned off).
 */
import { Alert, Badge, Button, Card, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../../api/client';
import { AppModal } from '../../../components/app-modal';
import { secondFactorText as t } from '../../../i18n/second-factor';
import { commonText } from '../../../i18n/common';
import { notifySuccess } from '../../../lib/notify';
import { paths } from '../../../lib/paths';
import {
  factorStatusQuery,
  useDisableFactor,
  useSetBusinessRequirement,
} from '../../../api/second-factor';
import { FactorCodeInput, RecoveryToggle } from '../../../components/factor-code-input';

function messageOf(error: unknown): string {
  return error instanceof ApiError ? error.message : commonText.genericError;
}

export function SecondFactorCard({
  businesses,
}: {
  businesses: readonly { id: number; businessName: string }[];
}) {
  const navigate = useNavigate();
  const status = useQuery(factorStatusQuery());
  const [turningOff, setTurningOff] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const requirement = useSetBusinessRequirement({
    onSuccess: () => {
      setError(null);
      notifySuccess(commonText.successTitle, t.businessRequirementSaved);
    },
    onError: (failure) => setError(messageOf(failure)),
  });
  const data = status.data;
  if (!data) return null;

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h4">
            {t.settingsTitle}
          </Title>
          <Badge color={data.enrolled ? 'green' : 'gray'} variant="light">
            {data.enrolled ? t.enrolledTitle : t.settingsTitle}
          </Badge>
        </Group>
        <Text size="sm">{data.enrolled ? t.settingsOn : t.settingsOff}</Text>
        {data.enrolled && (
          <Text size="sm" c="dimmed">
            {t.recoveryLeft(data.recoveryCodesLeft)}
          </Text>
        )}
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        {data.enrolled &&
          businesses.map((business) => (
            <Switch
              key={business.id}
              label={`${t.businessRequiresLabel}: ${business.businessName}`}
              description={t.businessRequiresDescription}
              checked={data.requiringBusinessIds.includes(business.id)}
              disabled={requirement.isPending}
              onChange={(event) =>
                requirement.mutate({ id: business.id, required: event.currentTarget.checked })
              }
            />
          ))}
        <Group>
          {!data.enrolled ? (
            <Button onClick={() => void navigate(paths.secondFactorSetup)}>{t.startEnrol}</Button>
          ) : (
            !data.required && (
              <Button variant="default" color="red" onClick={() => setTurningOff(true)}>
                {t.turnOff}
              </Button>
            )
          )}
        </Group>
      </Stack>
      {turningOff && (
        <TurnOffDialog
          onClose={() => setTurningOff(false)}
          onDone={() => {
            setTurningOff(false);
            notifySuccess(commonText.successTitle, t.turnedOff);
          }}
        />
      )}
    </Card>
  );
}

function TurnOffDialog({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const off = useDisableFactor({ onSuccess: onDone });
  return (
    <AppModal title={t.turnOffTitle} size={500} busy={off.isPending} onClose={onClose}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          off.mutate(code);
        }}
        noValidate
      >
        <Stack gap="md">
          <Text size="sm">{t.turnOffText}</Text>
          {off.error && (
            <Alert color="red" variant="light" role="alert">
              {messageOf(off.error)}
            </Alert>
          )}
          <FactorCodeInput
            recovery={recovery}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
          />
          <RecoveryToggle recovery={recovery} onToggle={() => setRecovery((r) => !r)} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={off.isPending}>
              {t.cancel}
            </Button>
            <Button type="submit" color="red" loading={off.isPending}>
              {t.turnOff}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
