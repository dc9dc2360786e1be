/**
 * The one sign-in form behind the lender, agent and admin login screens: a failure stays
 * on the screen with "Invalid email or password" (or the
 * server's sentence when it refuses for too many attempts) and a destructive toast.
 */
import { Group, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { schemaResolver } from '../../../lib/form-resolver';
import { useState } from 'react';
import { ApiError } from '../../../api/client';
import { forgotPasswordPath, paths } from '../../../lib/paths';
import { loginSchema, type LoginInput } from '../../../domain/auth';
import type { LoginRole } from '../../../domain/roles';
import { authText } from '../../../i18n/auth';
import { commonText } from '../../../i18n/common';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { login } from '../api/login';
import { CodeStep } from './code-step';
import { takeReturnPath, useSessionNavigation } from '../../../lib/use-session-navigation';
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

const HTTP_FORBIDDEN = 403;
const HTTP_TOO_MANY_REQUESTS = 429;

/**
 * Nothing answered (no network, a server or proxy down): not the credentials' fault.
 * The client reports those as status 0, and 5xx without a sentence of ours.
 */
function unreachable(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status >= 500);
}

/**
 * Wrong credentials read the same whatever was wrong ("Invalid email or password" is for
 * them only); a refused account says why; a network failure says the network failed.
 */
function failureMessage(error: unknown): string {
  if (unreachable(error)) return commonText.serverUnavailable;
  if (error instanceof ApiError && error.status === HTTP_TOO_MANY_REQUESTS) {
    return error.message || authText.tooManyAttempts;
  }
  if (error instanceof ApiError && error.status === HTTP_FORBIDDEN && error.message) {
    return error.message;
  }
  return authText.invalidCredentials;
}

export function LoginForm({ role }: { role: LoginRole }) {
  const { signInAndGo } = useSessionNavigation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<string | null>(null);
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
      setError(failureMessage(failure));
      notifyError(
        authText.loginFailedTitle,
        unreachable(failure) ? commonText.serverUnavailable : authText.loginFailed,
      );
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
