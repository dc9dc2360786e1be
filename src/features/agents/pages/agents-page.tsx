/**
 * /dashboard/agent/register: the agents of the selected
 * business, with Register Agent (the Create dialog), Edit, Add business, Move to
 * business and Suspend / Reactivate. Nothing loads until a business is selected.
 */
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconUserPlus, IconUsersGroup } from '@tabler/icons-react';
import type { MRT_ColumnDef } from 'mantine-react-table';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { BusinessPage } from '../../../components/business-page';
import { DataTable } from '../../../components/data-table';
import { PageHead } from '../../../components/page-head';
import { agentsText as t } from '../../../i18n/agents';
import { orNA } from '../../../lib/format';
import type { SelectedBusiness } from '../../../lib/use-selected-business';
import { businessAgentsQuery } from '../api/get-business-agents';
import { AgentActions, type AgentAction } from '../components/agent-actions';
import { AgentFormDialog } from '../components/agent-form-dialog';
import { AgentStatusBadge } from '../components/agent-status-badge';
import { BusinessChoiceDialog } from '../components/business-choice-dialog';
import { StatusChangeDialog } from '../components/status-change-dialog';
import { areaIn, type Agent } from '../types/agent';
import { personName } from '../../../lib/names';

type Dialog = { action: 'create' } | { action: AgentAction; agent: Agent } | null;

export function AgentsPage() {
  return (
    <BusinessPage
      title={t.pageTitle}
      descriptionNoBusiness={t.pageSubtitleNoBusiness}
      chooseText={t.chooseBusinessText}
      chooseIcon={IconUsersGroup}
    >
      {(business) => <BusinessAgents business={business} />}
    </BusinessPage>
  );
}

function BusinessAgents({ business }: { business: SelectedBusiness }) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const agents = useQuery(businessAgentsQuery(business.id));
  // Each write invalidates 'agents', which reloads the list; its dialog only closes.
  const close = () => setDialog(null);
  const act = useCallback(
    (action: AgentAction, agent: Agent) => setDialog({ action, agent }),
    [setDialog],
  );

  const columns = useMemo<MRT_ColumnDef<Agent>[]>(
    () => [
      { id: 'name', header: t.nameColumn, accessorFn: (agent) => personName(agent), size: 170 },
      { id: 'email', header: t.emailColumn, accessorKey: 'email', size: 220 },
      { id: 'phone', header: t.phoneColumn, accessorKey: 'phoneNumber', size: 140 },
      { id: 'idNumber', header: t.idNumberColumn, accessorKey: 'idNumber', size: 110 },
      {
        id: 'area',
        header: t.areaColumn,
        accessorFn: (agent) => orNA(areaIn(agent, business.id)?.name),
        size: 140,
      },
      {
        id: 'status',
        header: t.statusColumn,
        accessorKey: 'status',
        size: 150,
        Cell: ({ row }) => <AgentStatusBadge status={row.original.status} />,
      },
      {
        id: 'actions',
        header: t.actionsColumn,
        enableSorting: false,
        enableColumnFilter: false,
        size: 80,
        Cell: ({ row }) => <AgentActions agent={row.original} onAction={act} />,
      },
    ],
    [business.id, act],
  );

  return (
    <>
      <PageHead
        title={t.pageTitle}
        description={t.pageSubtitle(business.businessName)}
        action={
          <Button
            size="md"
            leftSection={<IconUserPlus size={18} />}
            onClick={() => setDialog({ action: 'create' })}
            w={{ base: '100%', sm: 'auto' }}
          >
            {t.registerAgent}
          </Button>
        }
      />
      <DataTable
        columns={columns}
        data={agents.data}
        loading={agents.isLoading}
        error={agents.error ? { message: `${t.loadFailed}. ${agents.error.message}` } : null}
        onRetry={() => void agents.refetch()}
        emptyText={t.noAgents}
        getRowId={(agent) => String(agent.id)}
        renderCard={(agent) => <AgentCard agent={agent} businessId={business.id} onAction={act} />}
      />
      {dialog?.action === 'create' && (
        <AgentFormDialog businessId={business.id} onClose={close} onSaved={close} />
      )}
      {dialog?.action === 'edit' && (
        <AgentFormDialog
          agent={dialog.agent}
          businessId={business.id}
          onClose={close}
          onSaved={close}
        />
      )}
      {(dialog?.action === 'add-business' || dialog?.action === 'move') && (
        <BusinessChoiceDialog
          mode={dialog.action === 'move' ? 'move' : 'add'}
          agent={dialog.agent}
          businessId={business.id}
          onClose={close}
          onDone={close}
        />
      )}
      {(dialog?.action === 'suspend' || dialog?.action === 'activate') && (
        <StatusChangeDialog
          change={dialog.action}
          agent={dialog.agent}
          onClose={close}
          onDone={close}
        />
      )}
    </>
  );
}

/** The row as a card on phones: name, phone and area, status, actions. */
function AgentCard({
  agent,
  businessId,
  onAction,
}: {
  agent: Agent;
  businessId: number;
  onAction: (action: AgentAction, agent: Agent) => void;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
      <Stack gap={4} style={{ minWidth: 0 }}>
        <Text fw={600} truncate>
          {personName(agent)}
        </Text>
        <Text size="sm" c="dimmed" truncate>
          {agent.phoneNumber} · {orNA(areaIn(agent, businessId)?.name)}
        </Text>
        <Text size="sm" c="dimmed" truncate>
          {agent.email}
        </Text>
        <Group gap="xs" mt={2}>
          <AgentStatusBadge status={agent.status} />
        </Group>
      </Stack>
      <AgentActions agent={agent} onAction={onAction} />
    </Group>
  );
}
