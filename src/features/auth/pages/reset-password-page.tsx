/**
 * /reset-password?token=…&type=…. Also where an invited agent
 * sets a first password (type=agent&purpose=invite): the same form, titled "Set your
 * password". The token is a form value without a field, so the shared schema checks it
 * with the passwords.
 */
import { Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconLinkOff, IconLockCheck } from '@tabler/icons-react';
import { schemaResolver } from '../../../lib/form-resolver';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { forgotPasswordPath } from '../../../lib/paths';
import { resetPasswordSchema } from '../../../domain/auth';
import { authText } from '../../../i18n/auth';
import { clearFailureToast, notifyError } from '../../../lib/notify';
import { AccountPasswordInput } from '../components/account-inputs';
import { resetPassword, type ResetPasswordValues } from '../api/reset-password';
import { AuthErrorAlert, AuthLayout, AuthStatusScreen } from '../../../components/auth-layout';
import { loginPathOf, loginRoleOf } from '../utils/login-role';
import { AuthSubmitButton } from '../components/auth-submit-button';

export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const type = loginRoleOf(searchParams.get('type'));

  if (!token) {
    return (
      <AuthStatusScreen
        title={authText.invalidRequestTitle}
        message={authText.missingResetToken}
        color="red"
        icon={<IconLinkOff size={30} />}
      >
        <Button component={Link} to={forgotPasswordPath(type)} size="md" fullWidth>
          {authText.requestNewLink}
        </Button>
      </AuthStatusScreen>
    );
  }
  const texts = searchParams.get('purpose') === 'invite' ? inviteTexts : resetTexts;
  return <ResetPasswordForm token={token} loginPath={loginPathOf(type)} texts={texts} />;
}

type FormTexts = {
  title: string;
  subtitle: string;
  submit: string;
  busy: string;
  doneTitle: string;
  done: string;
};

const resetTexts: FormTexts = {
  title: authText.resetTitle,
  subtitle: authText.resetSubtitle,
  submit: authText.resetSubmit,
  busy: authText.resetting,
  doneTitle: authText.resetDoneTitle,
  done: authText.resetDone,
};

const inviteTexts: FormTexts = {
  title: authText.inviteTitle,
  subtitle: authText.inviteSubtitle,
  submit: authText.inviteSubmit,
  busy: authText.inviteSubmitting,
  doneTitle: authText.inviteDoneTitle,
  done: authText.inviteDone,
};

function ResetPasswordForm({
  token,
  loginPath,
  texts,
}: {
  token: string;
  loginPath: string;
  texts: FormTexts;
}) {
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<ResetPasswordValues>({
    mode: 'uncontrolled',
    initialValues: { token, password: '', confirmPassword: '' },
    validate: schemaResolver(resetPasswordSchema),
  });

  async function submit(values: ResetPasswordValues) {
    setBusy(true);
    setError(null);
    try {
      await resetPassword(values);
      clearFailureToast();
      setDone(true);
    } catch (failure) {
      setError(
        failure instanceof Error && failure.message ? failure.message : authText.resetFailed,
      );
      notifyError(authText.errorTitle, authText.resetFailed);
    } finally {
      setBusy(false);
    }
  }

  if (done) {
    return (
      <AuthStatusScreen
        title={texts.doneTitle}
        message={texts.done}
        color="teal"
        icon={<IconLockCheck size={30} />}
      >
        <Button component={Link} to={loginPath} size="md" fullWidth>
          {authText.goToLogin}
        </Button>
      </AuthStatusScreen>
    );
  }

  return (
    <AuthLayout title={texts.title} subtitle={texts.subtitle}>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          {error && <AuthErrorAlert>{error}</AuthErrorAlert>}
          <AccountPasswordInput
            label={authText.newPasswordLabel}
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <AccountPasswordInput
            label={authText.confirmPasswordLabel}
            key={form.key('confirmPassword')}
            {...form.getInputProps('confirmPassword')}
          />
          <AuthSubmitButton busy={busy}>{busy ? texts.busy : texts.submit}</AuthSubmitButton>
        </Stack>
      </form>
    </AuthLayout>
  );
}
