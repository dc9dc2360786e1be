/**
 * /forgot-password?type=lender|agent|admin: always ends in the generic
 * Email Sent state, even when the call fails, so it never reveals whether an account exists.
 */
import { Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { schemaResolver } from '../../../lib/form-resolver';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { forgotPasswordFormSchema } from '../../../domain/auth';
import { authText } from '../../../i18n/auth';
import { requestPasswordReset } from '../api/request-password-reset';
import { AuthLayout, AuthLink, AuthStatusScreen } from '../../../components/auth-layout';
import { loginPathOf, loginRoleOf } from '../utils/login-role';
import { EmailInput } from '../components/account-inputs';
import { AuthSubmitButton } from '../components/auth-submit-button';
import { PrerenderedForm } from '../components/prerendered-form';

type ForgotPasswordValues = { email: string };

export function ForgotPasswordPage() {
  const [searchParams] = useSearchParams();
  const userType = loginRoleOf(searchParams.get('type'));
  const loginPath = loginPathOf(userType);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const form = useForm<ForgotPasswordValues>({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: schemaResolver(forgotPasswordFormSchema),
  });

  async function submit({ email }: ForgotPasswordValues) {
    setBusy(true);
    try {
      await requestPasswordReset(email.trim(), userType);
    } catch {
      // Deliberately silent: the answer must not tell whether the address is known.
    } finally {
      setBusy(false);
      setSent(true);
    }
  }

  if (sent) {
    return (
      <AuthStatusScreen
        title={authText.emailSentTitle}
        message={authText.resetRequestAccepted}
        color="teal"
        icon={<IconMailCheck size={30} />}
      >
        <Button component={Link} to={loginPath} size="md" fullWidth>
          {authText.backToLogin}
        </Button>
      </AuthStatusScreen>
    );
  }

  return (
    <AuthLayout title={authText.forgotTitle} subtitle={authText.forgotSubtitle}>
      <PrerenderedForm onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <EmailInput name="email" key={form.key('email')} {...form.getInputProps('email')} />
          <AuthSubmitButton busy={busy}>
            {busy ? authText.sendingResetLink : authText.sendResetLink}
          </AuthSubmitButton>
          <Group justify="center">
            <AuthLink to={loginPath}>{authText.backToLogin}</AuthLink>
          </Group>
        </Stack>
      </PrerenderedForm>
    </AuthLayout>
  );
}
