/**
 * /dashboard/agent/update/{id}: the edit form as a page, for
 * links and for phones. GET /agent/me/{id} answers 404 for an agent that is not the
 * lender's, shown as "Agent Not Found"; a back button returns to the agents list.
 */
import { Alert, Button, Card, Group, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconUserQuestion } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { BusinessPage } from '../../../components/business-page';
import { PageHead } from '../../../components/page-head';
import { agentsText as t } from '../../../i18n/agents';
import { commonText } from '../../../i18n/common';
import { notifySuccess } from '../../../lib/notify';
import { paths } from '../../../lib/paths';
import { agentQuery } from '../api/get-agent';
import { AgentForm, agentFormValues } from '../components/agent-form';
import { AgentStatusBadge } from '../components/agent-status-badge';
import { personName } from '../../../lib/names';

const HTTP_NOT_FOUND = 404;

function agentIdOf(param: string | undefined): number | null {
  const id = Number(param);
  return Number.isInteger(id) && id > 0 ? id : null;
}

export function AgentUpdatePage() {
  // The selected business only preselects the agent's business in the form.
  return (
    <BusinessPage businessOptional>
      {(business) => <AgentUpdate preferredBusinessId={business?.id} />}
    </BusinessPage>
  );
}

function AgentUpdate({ preferredBusinessId }: { preferredBusinessId: number | undefined }) {
  const agentId = agentIdOf(useParams().id);
  const navigate = useNavigate();
  const agent = useQuery({ ...agentQuery(agentId ?? 0), enabled: agentId !== null });

  const back = (
    <Button
      component={Link}
      to={paths.dashboard.agentRegister}
      variant="default"
      size="md"
      leftSection={<IconArrowLeft size={18} />}
      w={{ base: '100%', sm: 'auto' }}
    >
      {t.backToAgents}
    </Button>
  );
  const head = (description: string, withBack = true) => (
    <PageHead title={t.editTitle} description={description} action={withBack ? back : undefined} />
  );

  if (!agentId || agent.error?.status === HTTP_NOT_FOUND) {
    return (
      <Stack gap="lg">
        {head(t.updatePageSubtitle, false)}
        <AgentNotFound text={agentId ? t.notFoundText : t.missingParameters} />
      </Stack>
    );
  }
  if (agent.error) {
    return (
      <Stack gap="lg">
        {head(t.updatePageSubtitle)}
        <Alert color="red" variant="light" icon={<IconAlertTriangle />} title={t.dataFailed}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{agent.error.message}</Text>
            <Button variant="default" onClick={() => void agent.refetch()}>
              {commonText.retry}
            </Button>
          </Stack>
        </Alert>
      </Stack>
    );
  }
  if (!agent.data) {
    return (
      <Stack gap="lg" aria-busy="true">
        {head(t.updatePageSubtitle)}
        <Skeleton height={420} radius="md" />
      </Stack>
    );
  }

  const loaded = agent.data;
  return (
    <Stack gap="lg">
      {head(t.updateSubtitle(personName(loaded)))}
      <Card withBorder radius="md" padding="lg" maw={880}>
        <Stack gap="md">
          <Group justify="space-between" gap="sm">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Title order={2} size="h4">
                {personName(loaded)}
              </Title>
              <Text size="sm" c="dimmed" truncate>
                {loaded.email}
              </Text>
            </Stack>
            <AgentStatusBadge status={loaded.status} />
          </Group>
          <AgentForm
            key={loaded.id}
            initialValues={agentFormValues(loaded, preferredBusinessId)}
            submitLabel={t.save}
            busyLabel={t.saving}
            failureTitle={t.updateFailed}
            agentId={loaded.id}
            onSaved={(answer) => {
              notifySuccess(t.successTitle, answer.message);
              void navigate(paths.dashboard.agentRegister);
            }}
          />
        </Stack>
      </Card>
    </Stack>
  );
}

function AgentNotFound({ text }: { text: string }) {
  return (
    <Card withBorder radius="md" padding="xl">
      <Stack align="center" ta="center" gap="sm" maw={440} mx="auto">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden>
          <IconUserQuestion size={28} />
        </ThemeIcon>
        <Title order={2} size="h3">
          {t.notFound}
        </Title>
        <Text c="dimmed">{text}</Text>
        <Button
          component={Link}
          to={paths.dashboard.agentRegister}
          size="md"
          fullWidth
          mt="xs"
          leftSection={<IconArrowLeft size={18} />}
        >
          {t.backToAgents}
        </Button>
      </Stack>
    </Card>
  );
}
