/** /register/lender: a new lender creates an account. */
import { Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { schemaResolver } from '../../../lib/form-resolver';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '../../../api/client';
import { paths } from '../../../lib/paths';
import type * as v from 'valibot';
import { registerFormSchema } from '../../../domain/auth';
import { authText } from '../../../i18n/auth';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { registerLender } from '../api/register-lender';
import { AuthErrorAlert, AuthLayout } from '../../../components/auth-layout';
import { PasswordChecklist } from '../components/password-checklist';
import { useSessionNavigation } from '../../../lib/use-session-navigation';
import { AccountPasswordInput, EmailInput } from '../components/account-inputs';
import { AuthSubmitButton } from '../components/auth-submit-button';
import { PrerenderedForm } from '../components/prerendered-form';

// The schema's output type: its InferInput marks every field optional.
type RegisterFormValues = v.InferOutput<typeof registerFormSchema>;

/** The server's sentence, else the thrown error's message, else the generic text. */
function registrationFailureMessage(error: unknown): string {
  if (error instanceof ApiError && error.message) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return authText.genericError;
}

export function LenderRegisterPage() {
  const { signInAndGo } = useSessionNavigation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<RegisterFormValues>({
    initialValues: { email: '', password: '', confirmPassword: '' },
    validate: schemaResolver(registerFormSchema),
  });

  async function submit(values: RegisterFormValues) {
    setBusy(true);
    setError(null);
    try {
      const token = await registerLender({ email: values.email, password: values.password });
      if (!signInAndGo(token, paths.lenderUpdateProfile)) throw new Error(authText.signUpEmpty);
      notifySuccess(authText.accountCreatedTitle, authText.accountCreated);
    } catch (failure) {
      const message = registrationFailureMessage(failure);
      setError(message);
      notifyError(authText.registrationFailedTitle, message);
      setBusy(false);
    }
  }

  const password = form.values.password;
  return (
    <AuthLayout title={authText.registerTitle} subtitle={authText.registerSubtitle}>
      <PrerenderedForm onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <EmailInput name="email" {...form.getInputProps('email')} />
          <AccountPasswordInput name="password" {...form.getInputProps('password')} />
          {password.length > 0 && <PasswordChecklist password={password} />}
          <AccountPasswordInput
            name="confirmPassword"
            label={authText.confirmPasswordLabel}
            {...form.getInputProps('confirmPassword')}
          />
          {error && <AuthErrorAlert>{error}</AuthErrorAlert>}
          <Stack gap="xs">
            <AuthSubmitButton busy={busy}>
              {busy ? authText.registering : authText.register}
            </AuthSubmitButton>
            <Button
              component={Link}
              to={paths.lenderLogin}
              variant="subtle"
              size="md"
              fz="sm"
              px="xs"
              fullWidth
            >
              {authText.haveAccountLogin}
            </Button>
          </Stack>
        </Stack>
      </PrerenderedForm>
    </AuthLayout>
  );
}
