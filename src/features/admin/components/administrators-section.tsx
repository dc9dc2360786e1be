/**
 * The Administrators section of Settings, for the super admin alone: every administrator with
 * its status and whether a second factor is set up (a table; cards on a phone), Add
 * administrator, and per person Deactivate or Reactivate and Reset second factor, each asking
 * first. The super admin's own row and other super admins cannot be deactivated.
 */
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { MRT_ColumnDef } from 'mantine-react-table';
import { useMemo, useState } from 'react';
import { ListTable } from '../../../components/list-table';
import { StatusBadge } from '../../../components/status-badge';
import { TwoLines } from '../../../components/two-lines';
import type { Administrator } from '../../../domain/administrators';
import { administratorsText as t } from '../../../i18n/administrators';
import { useFailureToast } from '../../../lib/failure';
import { formatDate } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import type { AdministratorAct } from '../api/change-administrator';
import { administratorsQuery } from '../api/get-administrators';
import { AddAdministratorDialog, ConfirmAdministratorDialog } from './administrator-dialogs';

type Acting = { administrator: Administrator; act: AdministratorAct };

function Badges({ administrator }: { administrator: Administrator }) {
  return (
    <Group gap={6} wrap="wrap">
      <StatusBadge status={administrator.status} label={t.statuses[administrator.status]} />
      <StatusBadge
        status={administrator.secondFactor ? 'factor_on' : 'factor_off'}
        label={`${t.columns.secondFactor}: ${administrator.secondFactor ? t.factorOn : t.factorOff}`}
      />
    </Group>
  );
}

function Actions({
  administrator,
  selfId,
  onAct,
  fullWidth = false,
}: {
  administrator: Administrator;
  selfId: number | undefined;
  onAct: (acting: Acting) => void;
  fullWidth?: boolean;
}) {
  if (administrator.id === selfId) {
    return (
      <Badge variant="light" tt="none">
        {t.you}
      </Badge>
    );
  }
  const name = administrator.name || administrator.email;
  const deactivated = administrator.status === 'deactivated';
  return (
    <Group gap="xs" wrap="wrap" grow={fullWidth} role="group" aria-label={t.actionsFor(name)}>
      {administrator.role === 'admin' && (
        <Button
          size="sm"
          mih={44}
          variant={deactivated ? 'light' : 'default'}
          color={deactivated ? undefined : 'red.9'}
          onClick={() => onAct({ administrator, act: deactivated ? 'reactivate' : 'deactivate' })}
        >
          {deactivated ? t.reactivate : t.deactivate}
        </Button>
      )}
      {administrator.secondFactor && (
        <Button
          size="sm"
          mih={44}
          variant="default"
          onClick={() => onAct({ administrator, act: 'reset-factor' })}
        >
          {t.resetFactor}
        </Button>
      )}
    </Group>
  );
}

export function AdministratorsSection() {
  const { user } = useSession();
  const administrators = useQuery(administratorsQuery());
  const [adding, setAdding] = useState(false);
  const [acting, setActing] = useState<Acting | null>(null);
  useFailureToast(administrators.error, t.loadFailed);
  const selfId = user?.id;

  const columns = useMemo<MRT_ColumnDef<Administrator>[]>(
    () => [
      {
        id: 'name',
        header: t.columns.name,
        size: 220,
        accessorFn: (row) => row.name || row.email,
        Cell: ({ row }) => (
          <TwoLines main={row.original.name || row.original.email} detail={row.original.email} />
        ),
      },
      {
        id: 'role',
        header: t.columns.role,
        size: 120,
        accessorFn: (row) => t.roles[row.role],
      },
      {
        id: 'status',
        header: t.columns.status,
        size: 220,
        accessorFn: (row) => row.status,
        Cell: ({ row }) => <Badges administrator={row.original} />,
      },
      {
        accessorKey: 'createdAt',
        header: t.columns.createdAt,
        size: 120,
        Cell: ({ cell }) => formatDate(cell.getValue<string>()),
      },
      {
        id: 'actions',
        header: t.columns.actions,
        enableSorting: false,
        size: 260,
        Cell: ({ row }) => (
          <Actions administrator={row.original} selfId={selfId} onAct={setActing} />
        ),
      },
    ],
    [selfId],
  );

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4} style={{ flex: '1 1 20rem' }}>
            <Title order={2} size="h4">
              {t.title}
            </Title>
            <Text size="sm" c="dimmed">
              {t.subtitle}
            </Text>
          </Stack>
          <Button
            size="md"
            leftSection={<IconUserPlus size={18} />}
            onClick={() => setAdding(true)}
            style={{ flex: '0 0 auto' }}
          >
            {t.add}
          </Button>
        </Group>
        <ListTable
          columns={columns}
          data={administrators.data}
          loading={administrators.isLoading}
          error={administrators.error}
          onRetry={() => void administrators.refetch()}
          emptyText={t.empty}
          getRowId={(row) => String(row.id)}
          renderCard={(administrator) => (
            <Stack gap={6}>
              <TwoLines
                main={administrator.name || administrator.email}
                detail={administrator.email}
              />
              <Text size="sm" c="dimmed">
                {t.roles[administrator.role]} · {formatDate(administrator.createdAt)}
              </Text>
              <Badges administrator={administrator} />
              <Actions administrator={administrator} selfId={selfId} onAct={setActing} fullWidth />
            </Stack>
          )}
          showMoreLabel={t.showMore}
        />
      </Stack>
      {adding && <AddAdministratorDialog onClose={() => setAdding(false)} />}
      {acting && (
        <ConfirmAdministratorDialog
          key={`${acting.administrator.id}-${acting.act}`}
          administrator={acting.administrator}
          act={acting.act}
          onClose={() => setActing(null)}
        />
      )}
    </Card>
  );
}
