/** The live registration checklist and strength meter: advisory only. */
import { Group, List, Progress, Stack, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import {
  checkPassword,
  passwordChecks,
  passwordScore,
  passwordStrength,
  type PasswordStrength,
} from '../../../domain/password-strength';
import { authText } from '../../../i18n/auth';

const strengthColor = {
  Weak: 'red',
  Moderate: 'yellow',
  Strong: 'teal',
} as const satisfies Record<PasswordStrength, string>;

export function PasswordChecklist({ password }: { password: string }) {
  const results = checkPassword(password);
  const strength = passwordStrength(password);
  return (
    <Stack gap="xs" aria-live="polite">
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed">
          {authText.passwordStrengthLabel}
        </Text>
        <Text size="sm" fw={600} data-testid="password-strength">
          {authText.passwordStrength[strength]}
        </Text>
      </Group>
      <Progress
        value={passwordScore(password)}
        color={strengthColor[strength]}
        size="sm"
        aria-label={authText.passwordStrengthLabel}
      />
      <List spacing={4} size="sm" center aria-label={authText.passwordChecklistLabel}>
        {passwordChecks.map(({ key }) => {
          const passed = results[key];
          return (
            <List.Item
              key={key}
              icon={
                <ThemeIcon size={18} radius="xl" variant="light" color={passed ? 'teal' : 'gray'}>
                  {passed ? <IconCheck size={12} /> : <IconX size={12} />}
                </ThemeIcon>
              }
            >
              <Text size="sm" c={passed ? undefined : 'dimmed'} span>
                {authText.passwordChecks[key]}
                <VisuallyHidden>
                  {` (${passed ? authText.checkPassed : authText.checkMissing})`}
                </VisuallyHidden>
              </Text>
            </List.Item>
          );
        })}
      </List>
    </Stack>
  );
}
