/**
 * /second-factor/setup: setting up a second factor. The QR code (made by the server, so the
 * app carries no QR code library) and the key to type, a first code to confirm, then the
 * recovery codes, shown once. Administrators land here after their first sign-in and reach
 * nothing else until it is done; a lender comes from its profile.
 */
import { Alert, Button, Code, Group, Image, List, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../../api/client';
import { AuthErrorAlert, AuthLayout } from '../../../components/auth-layout';
import type { Enrolment, FactorStatus } from '../../../domain/second-factor';
import { secondFactorText as t } from '../../../i18n/second-factor';
import { commonText } from '../../../i18n/common';
import { paths } from '../../../lib/paths';
import { confirmEnrolment, factorStatus, startEnrolment } from '../../../api/second-factor';
import { FactorCodeInput } from '../../../components/factor-code-input';

function messageOf(error: unknown): string {
  return error instanceof ApiError ? error.message : commonText.genericError;
}

export function SecondFactorSetupPage() {
  const navigate = useNavigate();
  const [status, setStatus] = useState<FactorStatus | null>(null);
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    factorStatus().then(setStatus, (failure: unknown) => setError(messageOf(failure)));
  }, []);

  async function start() {
    setBusy(true);
    setError(null);
    try {
      setEnrolment(await startEnrolment());
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  }

  async function confirm(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      setCodes((await confirmEnrolment(code)).recoveryCodes);
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  }

  const done = () => void navigate(paths.dashboard.root, { replace: true });

  if (codes) {
    return (
      <AuthLayout title={t.recoveryTitle} subtitle={t.recoveryText}>
        <Stack gap="md">
          <List spacing={4} listStyleType="none" aria-label={t.recoveryTitle}>
            {codes.map((recovery) => (
              <List.Item key={recovery}>
                <Code fz="md">{recovery}</Code>
              </List.Item>
            ))}
          </List>
          <Group justify="space-between">
            <Button
              variant="default"
              onClick={() =>
                void navigator.clipboard
                  ?.writeText(codes.join('\n'))
                  .then(() => setCopied(true))
                  .catch(() => undefined)
              }
            >
              {copied ? t.copied : t.copyCodes}
            </Button>
            <Button onClick={done}>{t.recoveryDone}</Button>
          </Group>
        </Stack>
      </AuthLayout>
    );
  }

  if (status?.enrolled) {
    return (
      <AuthLayout title={t.enrolledTitle} subtitle={t.enrolled}>
        <Button fullWidth onClick={done}>
          {t.continueLabel}
        </Button>
      </AuthLayout>
    );
  }

  const reason =
    status?.requiredBy === 'role'
      ? t.enrolRequired
      : status?.requiredBy === 'business'
        ? t.enrolBusinessRequired
        : null;

  return (
    <AuthLayout title={t.enrolTitle} subtitle={t.enrolSubtitle} size="md">
      <Stack gap="md">
        {reason && (
          <Alert color="blue" variant="light">
            {reason}
          </Alert>
        )}
        {error && <AuthErrorAlert>{error}</AuthErrorAlert>}
        {!enrolment ? (
          <Button size="md" fullWidth onClick={() => void start()} loading={busy}>
            {t.startEnrol}
          </Button>
        ) : (
          <form onSubmit={(event) => void confirm(event)} noValidate>
            <Stack gap="md">
              <Text size="sm">{t.enrolStepScan}</Text>
              <Image src={enrolment.qrCode} alt={t.qrAlt} w={200} h={200} mx="auto" />
              <Text size="sm">{t.enrolStepType}</Text>
              <Code block fz="md" aria-label={t.secretLabel} data-testid="second-factor-secret">
                {enrolment.secret.replace(/(.{4})/g, '$1 ').trim()}
              </Code>
              <Text size="sm">{t.enrolStepConfirm}</Text>
              <FactorCodeInput value={code} onChange={(e) => setCode(e.currentTarget.value)} />
              <Button type="submit" size="md" fullWidth loading={busy}>
                {busy ? t.confirming : t.confirm}
              </Button>
            </Stack>
          </form>
        )}
      </Stack>
    </AuthLayout>
  );
}
