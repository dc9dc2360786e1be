/**
 * Where the lender is in the wizard: the three steps (shown, never clickable) and the
 * progress bar at 33, 66 and 100 percent.
 */
import { Button, Group, Progress, Stack, Stepper, Text, useMatches } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { authText } from '../../../../i18n/auth';
import { lendersText } from '../../../../i18n/lenders';
import { STEP_PROGRESS, wizardSteps } from './profile-form';

export function WizardHeader({ step, onLogOut }: { step: number; onLogOut: () => void }) {
  // On phones the three labels do not fit beside each other; the step title says it.
  const compact = useMatches({ base: true, sm: false });
  return (
    <Stack gap="sm">
      <Stepper
        active={step}
        size="sm"
        iconSize={compact ? 32 : 36}
        wrap={false}
        styles={{
          separator: { marginInline: 'var(--mantine-spacing-xs)', minWidth: 16 },
          stepLabel: { whiteSpace: 'nowrap' },
        }}
      >
        {wizardSteps.map((name, index) => (
          <Stepper.Step
            key={name}
            label={compact ? undefined : lendersText.stepLabels[name]}
            // Without a label the step shows only its number: its name says both.
            aria-label={compact ? `${index + 1}. ${authText.profileSteps[name]}` : undefined}
          />
        ))}
      </Stepper>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" c="dimmed" fw={500}>
            {lendersText.stepOf(step + 1, wizardSteps.length)}
          </Text>
          <Button
            variant="subtle"
            color="gray"
            size="sm"
            mih={44}
            leftSection={<IconLogout size={16} />}
            onClick={onLogOut}
          >
            {authText.logOut}
          </Button>
        </Group>
        <Progress
          value={STEP_PROGRESS[step] ?? 0}
          size="md"
          radius="xl"
          aria-label={lendersText.progressLabel}
        />
      </Stack>
    </Stack>
  );
}
