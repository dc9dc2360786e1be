/**
 * The agent's own details (agents update their own profile): name and phone number, checked
 * with the server's schema. The email (the sign-in) and the ID number stay with the lender,
 * so the form says whom to ask instead of offering them.
 */
import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import * as v from 'valibot';
import { SaveOutcome } from '../../../components/failure-alert';
import { PersonFields } from '../../../components/person-fields';
import { agentOwnProfileSchema, type AgentOwnProfileInput } from '../../../domain/agents';
import { agentsText as t } from '../../../i18n/agents';
import { schemaResolver } from '../../../lib/form-resolver';
import { useUpdateOwnProfile } from '../api/update-own-profile';
import type { Agent } from '../types/agent';

export function OwnProfileForm({ agent }: { agent: Agent }) {
  const form = useForm<AgentOwnProfileInput>({
    initialValues: {
      firstName: agent.firstName,
      lastName: agent.lastName,
      phoneNumber: agent.phoneNumber,
    },
    validate: schemaResolver(agentOwnProfileSchema),
  });

  const update = useUpdateOwnProfile(agent.id, {
    onSuccess: (answer) => {
      form.setValues({
        firstName: answer.data.firstName,
        lastName: answer.data.lastName,
        phoneNumber: answer.data.phoneNumber,
      });
      form.resetDirty();
    },
  });
  const busy = update.isPending;

  return (
    <form
      onSubmit={form.onSubmit((values: AgentOwnProfileInput) =>
        update.mutate(v.parse(agentOwnProfileSchema, values)),
      )}
      noValidate
    >
      <Stack gap="md">
        <Text fw={600} component="h3" size="md" m={0}>
          {t.ownDetailsTitle}
        </Text>
        <SaveOutcome
          saved={update.isSuccess}
          savedTitle={t.profileUpdated}
          failedTitle={t.profileUpdateFailed}
          error={update.error}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          <PersonFields form={form} texts={t} ownDetails />
        </SimpleGrid>
        <Text size="sm" c="dimmed">
          {t.askLenderToChange}
        </Text>
        <Group justify="flex-end">
          <Button type="submit" disabled={busy} mih={44}>
            {busy ? t.saving : t.updateProfile}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
