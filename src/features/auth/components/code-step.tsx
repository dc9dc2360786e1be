/**
 * The second step of signing in to an account with a second factor: the code of the
 * authenticator app (or a recovery code) after a right password. Wrong codes stay on the
 * screen with the server's sentence; too many are refused like wrong passwords.
 */
import { Anchor, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../../../api/client';
import { AuthErrorAlert, AuthLayout } from '../../../components/auth-layout';
import type { LoginRole } from '../../../domain/roles';
import { authText } from '../../../i18n/auth';
import { commonText } from '../../../i18n/common';
import { secondFactorText as t } from '../../../i18n/second-factor';
import { notifySuccess } from '../../../lib/notify';
import { takeReturnPath } from '../../../lib/return-path';
import { useSessionNavigation } from '../../../lib/use-session-navigation';
import { FactorCodeInput, RecoveryToggle } from '../../../components/factor-code-input';
import { answerCode } from '../api/login';
import { AuthSubmitButton } from './auth-submit-button';

export function CodeStep({
  role,
  challengeToken,
  onStartOver,
}: {
  role: LoginRole;
  challengeToken: string;
  onStartOver: () => void;
}) {
  const { signInAndGo } = useSessionNavigation();
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const token = await answerCode(role, challengeToken, code);
      if (!signInAndGo(token, takeReturnPath())) throw new Error(authText.loginFailed);
      notifySuccess(authText.loginSuccessTitle, authText.loginSuccess);
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.status !== 0 && failure.status < 500
          ? failure.message
          : commonText.serverUnavailable,
      );
      setBusy(false);
    }
  }

  return (
    <AuthLayout title={t.codeTitle} subtitle={t.codeSubtitle}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          {error && <AuthErrorAlert>{error}</AuthErrorAlert>}
          <FactorCodeInput
            recovery={recovery}
            name="code"
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            autoFocus
          />
          <Group justify="space-between">
            <RecoveryToggle recovery={recovery} onToggle={() => setRecovery((r) => !r)} />
            <Anchor component="button" type="button" size="sm" onClick={onStartOver}>
              {t.startOver}
            </Anchor>
          </Group>
          <AuthSubmitButton busy={busy}>{busy ? t.verifying : t.verify}</AuthSubmitButton>
        </Stack>
      </form>
    </AuthLayout>
  );
}
