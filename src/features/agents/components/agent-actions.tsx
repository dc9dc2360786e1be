import { ActionIcon, Menu } from '@mantine/core';
import {
  IconBuildingPlus,
  IconDots,
  IconExternalLink,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconSwitchHorizontal,
} from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { agentsText as t } from '../../../i18n/agents';
import { paths } from '../../../lib/paths';
import { type Agent } from '../types/agent';
import { personName } from '../../../lib/names';

export type AgentAction = 'edit' | 'add-business' | 'move' | 'suspend' | 'activate';

/** The row menu of the agents list: edit, businesses, and suspend or reactivate. */
export function AgentActions({
  agent,
  onAction,
}: {
  agent: Agent;
  onAction: (action: AgentAction, agent: Agent) => void;
}) {
  const status = agent.status.toLowerCase();
  return (
    <Menu position="bottom-end" shadow="md" width={220} withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size={44}
          aria-label={t.actionsFor(personName(agent))}
          onClick={(event) => event.stopPropagation()}
        >
          <IconDots size={20} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => onAction('edit', agent)}>
          {t.edit}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconExternalLink size={16} />}
          component={Link}
          to={paths.dashboard.agentUpdate(agent.id)}
        >
          {t.openEditPage}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconBuildingPlus size={16} />}
          onClick={() => onAction('add-business', agent)}
        >
          {t.addBusiness}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconSwitchHorizontal size={16} />}
          onClick={() => onAction('move', agent)}
        >
          {t.moveToBusiness}
        </Menu.Item>
        {status === 'active' && (
          <>
            <Menu.Divider />
            <Menu.Item
              color="red"
              leftSection={<IconPlayerPause size={16} />}
              onClick={() => onAction('suspend', agent)}
            >
              {t.suspend}
            </Menu.Item>
          </>
        )}
        {status === 'suspended' && (
          <>
            <Menu.Divider />
            <Menu.Item
              leftSection={<IconPlayerPlay size={16} />}
              onClick={() => onAction('activate', agent)}
            >
              {t.reactivate}
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
