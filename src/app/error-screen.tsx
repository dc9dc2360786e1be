/**
 * The screen shown instead of one that failed (see error-boundary.tsx): loaded only when
 * needed, so no page pays for it up front.
 */
import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import type { FallbackProps } from 'react-error-boundary';
import { errorText as t } from '../i18n/errors';
import { paths } from '../lib/paths';
import { queueRevocation } from '../lib/pending-revocations';
import { storageKeys } from '../lib/storage-keys';

/** True for the errors a browser raises when a code-split chunk cannot be fetched. */
export function isChunkLoadError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|ChunkLoadError|Loading chunk [\w-]+ failed/i.test(
    text,
  );
}

/** A second chunk failure on the same path within this time is not reloaded again. */
const RELOAD_AGAIN_AFTER_MS = 60_000;

/**
 * Reloads the page once after a chunk failed to load; answers false when it just did for
 * this path (the reload did not help, so the error is shown, never a reload loop).
 */
function reloadOnceForNewVersion(): boolean {
  const here = window.location.pathname;
  const [path, at] = (sessionStorage.getItem(storageKeys.chunkReload) ?? '').split('\n');
  if (path === here && Date.now() - Number(at) < RELOAD_AGAIN_AFTER_MS) return false;
  sessionStorage.setItem(storageKeys.chunkReload, `${here}\n${Date.now()}`);
  window.location.reload();
  return true;
}

function logOut() {
  // Maybe outside the session's provider: the token is queued for the server to end (as
  // every sign-out does), dropped, and the app starts again signed out.
  const token = localStorage.getItem(storageKeys.token);
  if (token) queueRevocation(token);
  localStorage.removeItem(storageKeys.token);
  localStorage.removeItem(storageKeys.selectedBusiness);
  window.location.assign(paths.home);
}

export function ErrorScreen({ error, resetErrorBoundary }: FallbackProps) {
  const chunk = isChunkLoadError(error);
  if (chunk && reloadOnceForNewVersion()) return null;
  const signedIn = Boolean(localStorage.getItem(storageKeys.token));
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="md" maw={480} ta="center" role="alert">
        <Title order={1} fz={24}>
          {chunk ? t.newVersionTitle : t.title}
        </Title>
        <Text c="dimmed">{chunk ? t.newVersionText : t.text}</Text>
        <Group justify="center" gap="sm">
          <Button onClick={() => window.location.reload()}>{t.reload}</Button>
          {!chunk && (
            <Button
              variant="default"
              onClick={() => {
                resetErrorBoundary();
                window.location.assign(signedIn ? paths.dashboard.root : paths.home);
              }}
            >
              {signedIn ? t.goToDashboard : t.goHome}
            </Button>
          )}
          {signedIn && (
            <Button variant="subtle" color="red" onClick={logOut}>
              {t.logOut}
            </Button>
          )}
        </Group>
      </Stack>
    </Center>
  );
}
