/**
 * The sidebar's links: grouped and labelled when expanded, icons
 * with tooltips when collapsed to 4rem. The admin reports form a collapsible group.
 */
import { ActionIcon, Divider, NavLink, Stack, Text } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { DeferredMenu, DeferredTooltip } from './deferred';
import { isActivePath, type MenuGroup, type MenuItem } from './menu';

export function SidebarLinks({
  menu,
  pathname,
  iconOnly,
}: {
  menu: MenuGroup[];
  pathname: string;
  iconOnly: boolean;
}) {
  return (
    <Stack gap={iconOnly ? 'xs' : 'md'} align={iconOnly ? 'center' : 'stretch'}>
      {menu.map((group, index) => (
        <Stack
          key={group.label ?? `group-${index}`}
          gap={iconOnly ? 4 : 2}
          align={iconOnly ? 'center' : 'stretch'}
          w="100%"
          role="group"
          aria-label={group.label ?? undefined}
        >
          {iconOnly
            ? index > 0 && <Divider w="60%" mx="auto" my={4} />
            : group.label && (
                <Text
                  size="xs"
                  fw={700}
                  c="dimmed"
                  tt="uppercase"
                  px="sm"
                  pb={4}
                  style={{ letterSpacing: '0.05em' }}
                >
                  {group.label}
                </Text>
              )}
          {group.items.map((item) =>
            iconOnly ? (
              <IconLink key={item.href} item={item} pathname={pathname} />
            ) : item.children ? (
              <ParentLink key={item.href} item={item} pathname={pathname} />
            ) : (
              <FullLink key={item.href} item={item} pathname={pathname} />
            ),
          )}
        </Stack>
      ))}
    </Stack>
  );
}

function FullLink({
  item,
  pathname,
  withIcon = true,
}: {
  item: MenuItem;
  pathname: string;
  withIcon?: boolean;
}) {
  const active = isActivePath(pathname, item.href);
  const Icon = item.icon;
  return (
    <NavLink
      component={Link}
      to={item.href}
      label={item.label}
      leftSection={withIcon ? <Icon size={20} stroke={1.7} /> : undefined}
      active={active}
      aria-current={active ? 'page' : undefined}
      mih={44}
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
    />
  );
}

/** The Reports entry: opens its sub-pages, and visits the reports page when opening. */
function ParentLink({ item, pathname }: { item: MenuItem; pathname: string }) {
  const navigate = useNavigate();
  const within = isActivePath(pathname, item.href);
  const [opened, setOpened] = useState(within);
  const Icon = item.icon;
  return (
    <NavLink
      component="button"
      type="button"
      label={item.label}
      leftSection={<Icon size={20} stroke={1.7} />}
      opened={opened}
      onChange={setOpened}
      onClick={() => {
        if (!opened && !within) void navigate(item.href);
      }}
      active={pathname === item.href}
      aria-expanded={opened}
      mih={44}
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
      childrenOffset={34}
    >
      {item.children?.map((child) => (
        <FullLink key={child.href} item={child} pathname={pathname} withIcon={false} />
      ))}
    </NavLink>
  );
}

function IconLink({ item, pathname }: { item: MenuItem; pathname: string }) {
  const active = isActivePath(pathname, item.href);
  const Icon = item.icon;
  const look = {
    variant: active ? 'light' : 'subtle',
    color: active ? undefined : 'gray',
    size: 'xl',
    radius: 'md',
  } as const;

  if (item.children) {
    return (
      <DeferredMenu
        position="right-start"
        offset={12}
        width={240}
        shadow="md"
        target={
          <ActionIcon {...look} aria-label={item.label}>
            <Icon size={22} stroke={1.7} />
          </ActionIcon>
        }
      >
        {({ Menu }) => (
          <>
            <Menu.Item
              component={Link}
              to={item.href}
              fw={600}
              rightSection={<IconChevronRight size={14} />}
            >
              {item.label}
            </Menu.Item>
            <Menu.Divider />
            {item.children?.map((child) => (
              <Menu.Item
                key={child.href}
                component={Link}
                to={child.href}
                aria-current={pathname === child.href ? 'page' : undefined}
                color={pathname === child.href ? 'teal' : undefined}
              >
                {child.label}
              </Menu.Item>
            ))}
          </>
        )}
      </DeferredMenu>
    );
  }

  return (
    <DeferredTooltip label={item.label} position="right" withArrow offset={12}>
      <ActionIcon
        {...look}
        component={Link}
        to={item.href}
        aria-label={item.label}
        aria-current={active ? 'page' : undefined}
      >
        <Icon size={22} stroke={1.7} />
      </ActionIcon>
    </DeferredTooltip>
  );
}
