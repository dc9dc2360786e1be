/**
 * /lender/update-profile (spec part 1 §2.8). A placeholder until the profile wizard
 * arrives: it shows where the lender is (step 1 of 3) and lets them log out.
 */
import { Button, Group, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { authText } from '../../../i18n/auth';
import { AuthLayout } from '../../../components/auth-layout';
import { useSessionNavigation } from '../../../lib/use-session-navigation';

const steps = ['businessType', 'personal', 'business'] as const;
const FIRST_STEP_PROGRESS = 33;

export function UpdateProfilePage() {
  const { signOutAndGo } = useSessionNavigation();
  return (
    <AuthLayout title={authText.completeProfileTitle} subtitle={authText.profileStepOf} size="md">
      <Stack gap="lg">
        <Stack gap="xs">
          <Progress value={FIRST_STEP_PROGRESS} size="md" aria-label={authText.profileStepOf} />
          <SimpleGrid cols={3} spacing="xs">
            {steps.map((step, index) => (
              <Text
                key={step}
                size="sm"
                fw={index === 0 ? 600 : 400}
                c={index === 0 ? undefined : 'dimmed'}
                ta={index === 0 ? 'left' : index === steps.length - 1 ? 'right' : 'center'}
              >
                {authText.profileSteps[step]}
              </Text>
            ))}
          </SimpleGrid>
        </Stack>
        <Text size="sm">{authText.profileFormSoon}</Text>
        <Group justify="flex-end">
          <Button
            variant="default"
            size="md"
            leftSection={<IconLogout size={18} />}
            onClick={() => signOutAndGo()}
            w={{ base: '100%', xs: 'auto' }}
          >
            {authText.logOut}
          </Button>
        </Group>
      </Stack>
    </AuthLayout>
  );
}
