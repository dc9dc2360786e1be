/**
 * Admin Profile (/dashboard/admin/profile): the signed-in administrator's name and email,
 * saved with Update Profile. The form makes no checks of its own; the server says what is
 * wrong, shown above the fields.
 */
import { Button, Card, Group, Skeleton, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { FailureAlert, SaveOutcome } from '../../../components/failure-alert';
import { PageHead } from '../../../components/page-head';
import { adminText as t } from '../../../i18n/admin';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { adminProfileQuery, type AdminProfile } from '../api/get-admin-profile';
import { useUpdateAdminProfile, type AdminProfileInput } from '../api/update-admin-profile';
import { useFailureToast } from '../../../lib/failure';

export function AdminProfilePage() {
  const { user } = useSession();
  const profile = useQuery({ ...adminProfileQuery(user?.id ?? 0), enabled: user !== null });
  useFailureToast(profile.error, t.profileFetchFailed);

  return (
    <Stack gap="lg" maw={640}>
      <PageHead title={t.profileTitle} description={t.profileSubtitle} />
      {profile.error ? (
        <FailureAlert
          title={t.profileFetchFailed}
          message={profile.error.message}
          onRetry={() => void profile.refetch()}
        />
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
  const form = useForm<AdminProfileInput>({
    mode: 'uncontrolled',
    initialValues: { name: profile.name, email: profile.email },
  });
  const save = useUpdateAdminProfile(adminId, {
    onSuccess: (saved) => {
      form.setValues({ name: saved.name, email: saved.email });
      form.resetDirty();
    },
  });
  const busy = save.isPending;

  return (
    <Card withBorder radius="md" padding="lg">
      <form onSubmit={form.onSubmit((values) => save.mutate(values))} noValidate>
        <Stack gap="md">
          <SaveOutcome
            saved={save.isSuccess}
            savedTitle={t.profileUpdated}
            failedTitle={t.profileUpdateFailed}
            error={save.error}
          />
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
