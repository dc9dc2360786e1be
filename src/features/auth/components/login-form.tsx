/**
 * The one sign-in form behind the lender, agent and admin login screens: a failure stays
 * on the screen with "Invalid email or password" (or the
 * server's sentence when it refuses for too many attempts) and a destructive toast.
 *
 * In a built app the login pages run src/sign-in-islands.ts instead, which behaves the same
 * with the same schema and texts; this form runs where the island hands over (a signed-in
 * visitor, a Kiswahili phone, the code step) and under `npm run dev`.
 */
import { Group, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { schemaResolver } from '../../../lib/form-resolver';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../api/client';
import { forgotPasswordPath, paths } from '../../../lib/paths';
import { loginSchema, type LoginInput } from '../../../domain/auth';
import type { LoginRole } from '../../../domain/roles';
import { authText } from '../../../i18n/auth';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { login } from '../api/login';
import { handedChallenge, loginFailure } from '../utils/login-outcome';
import { storageKeys } from '../../../lib/storage-keys';
import { CodeStep } from './code-step';
import { takeReturnPath } from '../../../lib/return-path';
import { useSessionNavigation } from '../../../lib/use-session-navigation';
import { AuthErrorAlert, AuthLayout, AuthLink } from '../../../components/auth-layout';
import { LanguageButton } from '../../../components/language-switch';
import { AccountPasswordInput, EmailInput } from './account-inputs';
import { AuthSubmitButton } from './auth-submit-button';
import { PrerenderedForm } from './prerendered-form';

const screenText = {
  lender: { title: authText.lenderLoginTitle, subtitle: authText.lenderLoginSubtitle },
  agent: { title: authText.agentLoginTitle, subtitle: authText.agentLoginSubtitle },
  admin: { title: authText.adminLoginTitle, subtitle: authText.adminLoginSubtitle },
} as const satisfies Record<LoginRole, { title: string; subtitle: string }>;

/** A failed sign-in as the form's two sentences; a failure without an HTTP status is a refusal. */
function failureOf(error: unknown) {
  return error instanceof ApiError
    ? loginFailure(error.status, error.message || undefined)
    : loginFailure();
}

export function LoginForm({ role }: { role: LoginRole }) {
  const { signInAndGo } = useSessionNavigation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [challenge, setChallenge] = useState(() => handedChallenge(role));
  // Read once: a reload starts again from the password.
  useEffect(() => sessionStorage.removeItem(storageKeys.signInChallenge), []);
  const form = useForm<LoginInput>({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: schemaResolver(loginSchema),
  });

  async function submit(values: LoginInput) {
    setBusy(true);
    setError(null);
    try {
      const outcome = await login(role, values);
      if (outcome.kind === 'code') {
        setChallenge(outcome.challengeToken);
        setBusy(false);
        return;
      }
      // A session that must set up a second factor first goes to do that.
      const next = outcome.enrolSecondFactor ? paths.secondFactorSetup : takeReturnPath();
      if (!signInAndGo(outcome.token, next)) throw new Error(authText.loginFailed);
      notifySuccess(authText.loginSuccessTitle, authText.loginSuccess);
    } catch (failure) {
      const { alert, toast } = failureOf(failure);
      setError(alert);
      notifyError(authText.loginFailedTitle, toast);
      setBusy(false);
    }
  }

  if (challenge) {
    return (
      <CodeStep
        role={role}
        challengeToken={challenge}
        onStartOver={() => {
          setChallenge(null);
          setError(null);
        }}
      />
    );
  }

  const { title, subtitle } = screenText[role];
  return (
    <AuthLayout title={title} subtitle={subtitle}>
      <PrerenderedForm onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          {error && <AuthErrorAlert>{error}</AuthErrorAlert>}
          <EmailInput
            name="email"
            autoComplete="username"
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <Stack gap={0}>
            <AccountPasswordInput
              name="password"
              autoComplete="current-password"
              key={form.key('password')}
              {...form.getInputProps('password')}
            />
            <Group justify="flex-end">
              <AuthLink to={forgotPasswordPath(role)}>{authText.forgotPassword}</AuthLink>
            </Group>
          </Stack>
          <AuthSubmitButton busy={busy}>
            {busy ? authText.signingIn : authText.signIn}
          </AuthSubmitButton>
          {role === 'lender' && (
            <Group justify="center" gap={6}>
              <Text size="sm" c="dimmed">
                {authText.noAccount}
              </Text>
              <AuthLink to={paths.lenderRegister}>{authText.registerLink}</AuthLink>
            </Group>
          )}
          {role === 'agent' && (
            <Group justify="center">
              <LanguageButton />
            </Group>
          )}
        </Stack>
      </PrerenderedForm>
    </AuthLayout>
  );
}
