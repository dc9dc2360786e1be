/**
 * The code dialog before money leaves: when the server answers a withdrawal or a refund to
 * another number with "a fresh code first" (403 second_factor_step_up_required), the HTTP
 * client asks this dialog, which takes a code, has the server accept it, and lets the client
 * send the request again.
 */
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { ApiError, setStepUpHandler } from '../../../api/client';
import { AppModal } from '../../../components/app-modal';
import { secondFactorText } from '../../../i18n/second-factor';
import { verifyCode } from '../../../api/second-factor';
import { FactorCodeInput, RecoveryToggle } from '../../../components/factor-code-input';

export function StepUpDialog() {
  const [opened, setOpened] = useState(false);
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const settle = useRef<((accepted: boolean) => void) | null>(null);

  useEffect(() => {
    setStepUpHandler(
      () =>
        new Promise<boolean>((resolve) => {
          settle.current?.(false);
          settle.current = resolve;
          setCode('');
          setError(null);
          setRecovery(false);
          setOpened(true);
        }),
    );
    return () => {
      setStepUpHandler(null);
      settle.current?.(false);
    };
  }, []);

  function close(accepted: boolean) {
    setOpened(false);
    settle.current?.(accepted);
    settle.current = null;
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await verifyCode(code);
      close(true);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : secondFactorText.invalidCode);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AppModal
      opened={opened}
      title={secondFactorText.stepUpTitle}
      size={500}
      busy={busy}
      onClose={() => close(false)}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <Text size="sm">{secondFactorText.stepUpText}</Text>
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <FactorCodeInput
            recovery={recovery}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            data-autofocus
          />
          <RecoveryToggle recovery={recovery} onToggle={() => setRecovery((r) => !r)} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => close(false)} disabled={busy}>
              {secondFactorText.cancel}
            </Button>
            <Button type="submit" loading={busy}>
              {secondFactorText.verify}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
