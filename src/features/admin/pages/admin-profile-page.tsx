/**
 * Admin Profile (/dashboard/admin/profile, the spec's "Admin screens for lenders", "The error catalogue"; part 2 "Admin
 * profile"): the signed-in administrator's name and email, saved with Update Profile.
 * The spec asks for no client checks; the server says what is wrong.
 */
import { Alert, Button, Card, Group, Skeleton, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PageHead } from '../../../components/page-head';
import { adminText as t } from '../../../i18n/admin';
import { commonText } from '../../../i18n/common';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { useApiQuery } from '../../../lib/use-api-query';
import { getAdminProfile, type AdminProfile } from '../api/get-admin-profile';
import { updateAdminProfile, type AdminProfileInput } from '../api/update-admin-profile';
import { failureMessage, useFailureToast } from '../../../lib/failure';

type Outcome = { ok: true } | { ok: false; message: string };

export function AdminProfilePage() {
  const { user } = useSession();
  const profile = useApiQuery(user ? `admin:${user.id}` : null, () =>
    getAdminProfile(user?.id ?? 0),
  );
  useFailureToast(profile.error, t.profileFetchFailed);

  return (
    <Stack gap="lg" maw={640}>
      <PageHead title={t.profileTitle} description={t.profileSubtitle} />
      {profile.error ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle />}
          title={t.profileFetchFailed}
        >
          <Stack gap="sm" align="flex-start">
            {profile.error.message}
            <Button variant="default" onClick={profile.reload}>
              {commonText.retry}
            </Button>
          </Stack>
        </Alert>
      ) : profile.data && user ? (
        <ProfileForm key={profile.data.id} adminId={user.id} profile={profile.data} />
      ) : (
        <Card withBorder radius="md" padding="lg" aria-busy="true">
          <Stack gap="md">
            <Skeleton h={60} />
            <Skeleton h={60} />
            <Skeleton h={44} w={200} />
          </Stack>
        </Card>
      )}
    </Stack>
  );
}

function ProfileForm({ adminId, profile }: { adminId: number; profile: AdminProfile }) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const form = useForm<AdminProfileInput>({
    mode: 'uncontrolled',
    initialValues: { name: profile.name, email: profile.email },
  });

  async function submit(values: AdminProfileInput) {
    setBusy(true);
    setOutcome(null);
    try {
      const saved = await updateAdminProfile(adminId, values);
      form.setValues({ name: saved.name, email: saved.email });
      form.resetDirty();
      setOutcome({ ok: true });
    } catch (failure) {
      setOutcome({ ok: false, message: failureMessage(failure) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card withBorder radius="md" padding="lg">
      <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
        <Stack gap="md">
          {outcome?.ok && (
            <Alert
              color="teal"
              variant="light"
              icon={<IconCircleCheck />}
              title={t.profileUpdated}
              role="status"
            />
          )}
          {outcome && !outcome.ok && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertTriangle />}
              title={t.profileUpdateFailed}
              role="alert"
            >
              {outcome.message}
            </Alert>
          )}
          <TextInput
            label={t.nameLabel}
            autoComplete="name"
            key={form.key('name')}
            {...form.getInputProps('name')}
          />
          <TextInput
            label={t.emailLabel}
            type="email"
            inputMode="email"
            autoComplete="email"
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <Group gap="sm" justify="flex-end">
            <Button component={Link} to={paths.dashboard.root} variant="default" mih={44}>
              {t.exit}
            </Button>
            <Button type="submit" disabled={busy} mih={44}>
              {busy ? t.saving : t.updateProfile}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
