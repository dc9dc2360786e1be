/**
 * Settings (/dashboard/settings): the platform settings. Every administrator reads them; the
 * super admin changes them (the server refuses anyone else). For now: the threshold from
 * which the riskiest admin acts wait for a second administrator; and, for the super admin alone,
 * the platform's administrators (components/administrators-section.tsx).
 */
import { Card, NumberInput, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import * as v from 'valibot';
import { DialogButtons } from '../../../components/dialog-buttons';
import { FailureAlert } from '../../../components/failure-alert';
import { PageHead } from '../../../components/page-head';
import { platformSettingsSchema, type PlatformSettings } from '../../../domain/approvals';
import { settingsText as t } from '../../../i18n/approvals';
import { failureMessage, notifyFailure, useFailureToast } from '../../../lib/failure';
import { formatDateTime, formatKes } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { platformSettingsQuery, useSavePlatformSettings } from '../api/platform-settings';
import { AdministratorsSection } from '../components/administrators-section';

export function SettingsPage() {
  const settings = useQuery(platformSettingsQuery());
  const isSuperAdmin = useSession().user?.role === 'super_admin';
  useFailureToast(settings.error, t.loadFailed);
  return (
    <Stack gap="lg">
      <PageHead title={t.title} description={t.subtitle} />
      <Card withBorder radius="md" padding="lg" maw={640}>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t.secondApprovalTitle}
          </Title>
          <Text size="sm" c="dimmed">
            {t.secondApprovalText}
          </Text>
          {settings.error && (
            <FailureAlert title={t.loadFailed} message={failureMessage(settings.error)} />
          )}
          {settings.data ? (
            <ThresholdForm key={settings.data.updatedAt ?? 'never'} settings={settings.data} />
          ) : (
            !settings.error && <Skeleton h={80} />
          )}
        </Stack>
      </Card>
      {isSuperAdmin && <AdministratorsSection />}
    </Stack>
  );
}

function ThresholdForm({ settings }: { settings: PlatformSettings }) {
  const { user } = useSession();
  const mayChange = user?.role === 'super_admin';
  const [value, setValue] = useState<string | number>(settings.secondApprovalFrom ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = useSavePlatformSettings({
    onSuccess: (answer) => notifySuccess(t.successTitle, answer.message),
    onError: (failure) => notifyFailure(t.saveFailed, failure),
  });
  const current = settings.secondApprovalFrom;

  function submit() {
    const input = { secondApprovalFrom: value === '' ? null : Number(value) };
    const parsed = v.safeParse(platformSettingsSchema, input);
    if (!parsed.success) {
      setError(parsed.issues[0].message);
      return;
    }
    setError(null);
    save.mutate(parsed.output);
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      noValidate
    >
      <Stack gap="sm">
        <Text fw={600}>
          {current === null ? t.thresholdOff : t.thresholdOn(formatKes(current))}
        </Text>
        {settings.updatedBy && settings.updatedAt && (
          <Text size="sm" c="dimmed">
            {t.updatedBy(settings.updatedBy, formatDateTime(settings.updatedAt))}
          </Text>
        )}
        <NumberInput
          label={t.thresholdLabel}
          placeholder={t.thresholdPlaceholder}
          description={mayChange ? undefined : t.onlySuperAdmin}
          value={value}
          onChange={setValue}
          min={0}
          allowDecimal={false}
          allowNegative={false}
          thousandSeparator=","
          inputMode="numeric"
          disabled={!mayChange}
          error={error}
          size="md"
          maw={320}
        />
        <FailureAlert
          title={t.saveFailed}
          message={save.error ? failureMessage(save.error) : null}
        />
        {mayChange && <DialogButtons label={t.save} busyLabel={t.saving} busy={save.isPending} />}
      </Stack>
    </form>
  );
}
