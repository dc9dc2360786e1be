/**
 * The agent's own details (the spec's "What the product does": agents update their own profile): name and
 * phone number, checked with the server's schema. The email (the sign-in) and the ID
 * number stay with the lender, so the form says whom to ask instead of offering them.
 */
import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import { SaveOutcome } from '../../../components/failure-alert';
import { PersonFields } from '../../../components/person-fields';
import { agentOwnProfileSchema, type AgentOwnProfileInput } from '../../../domain/agents';
import { agentsText as t } from '../../../i18n/agents';
import { schemaResolver } from '../../../lib/form-resolver';
import { agentQuery } from '../api/get-agent';
import { updateOwnProfile } from '../api/update-own-profile';
import type { Agent } from '../types/agent';

export function OwnProfileForm({ agent }: { agent: Agent }) {
  const queryClient = useQueryClient();
  const form = useForm<AgentOwnProfileInput>({
    initialValues: {
      firstName: agent.firstName,
      lastName: agent.lastName,
      phoneNumber: agent.phoneNumber,
    },
    validate: schemaResolver(agentOwnProfileSchema),
  });

  const update = useMutation({
    mutationFn: (values: AgentOwnProfileInput) =>
      updateOwnProfile(v.parse(agentOwnProfileSchema, values)),
    onSuccess: (answer) => {
      form.setValues({
        firstName: answer.data.firstName,
        lastName: answer.data.lastName,
        phoneNumber: answer.data.phoneNumber,
      });
      form.resetDirty();
      // The profile above shows the saved record at once; lists of agents reload.
      queryClient.setQueryData(agentQuery(agent.id).queryKey, answer.data);
      void queryClient.invalidateQueries({ queryKey: ['agents'] });
    },
  });
  const busy = update.isPending;

  return (
    <form onSubmit={form.onSubmit((values) => update.mutate(values))} noValidate>
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
