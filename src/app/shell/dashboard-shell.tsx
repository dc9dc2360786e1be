/**
 * The signed-in shell under /dashboard (docs/architecture.md §8): top bar,
 * the role's sidebar (16rem, collapsible to 4rem icons; a drawer on phones), the agent's
 * bottom bar on phones, and the page in a readable column, in AppShell's layout (frame.tsx).
 * A lender or agent with one business has it chosen here on arrival (select-only-business.ts).
 */
import { ActionIcon, Box, NavLink } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useReducer, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { ScreenErrorBoundary } from '../error-boundary';
import { businessSelectorPathFor } from '../../lib/business-selector-path';
import { shellText } from '../../i18n/shell';
import { useSession } from '../../lib/session';
import { AgentBottomBar } from './agent-bottom-bar';
import { BusinessSwitch } from './business-switch';
import { DeferredTooltip } from './deferred';
import { Frame, FrameFooter, FrameHeader, FrameMain, FrameNavbar, FrameSection } from './frame';
import { menuFor, type MenuGroup } from './menu';
import { useSelectOnlyBusiness } from './select-only-business';
import { SidebarLinks } from './sidebar';
import { TopBar } from './top-bar';

const sidebarWidth = { expanded: '16rem', collapsed: '4rem' } as const;

/** Tells listeners outside React (charts, tables that size themselves) the sidebar moved. */
function announceSidebarState(collapsed: boolean) {
  window.dispatchEvent(new CustomEvent('sidebar-state', { detail: { collapsed } }));
}

const MENU_RETRY_MS = 2_000;

/**
 * The sidebar of the role: the agent's at once; the staff's (staff-menu.ts) once loaded, an empty
 * sidebar for that moment rather than holding the whole shell back.
 */
function useMenu(role: string | undefined): MenuGroup[] {
  const found = menuFor(role);
  const [loaded, setLoaded] = useState<{ role: string | undefined; menu: MenuGroup[] } | null>(
    null,
  );
  // A load that failed (a connection dropped) is asked for again a moment later: menuFor
  // forgot it, and the render this counter makes asks anew.
  const [, askAgain] = useReducer((attempts: number) => attempts + 1, 0);
  useEffect(() => {
    if (Array.isArray(found)) return;
    let current = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    found.then(
      (menu) => {
        if (current) setLoaded({ role, menu });
      },
      () => {
        if (current) retry = setTimeout(askAgain, MENU_RETRY_MS);
      },
    );
    return () => {
      current = false;
      clearTimeout(retry);
    };
  }, [found, role]);
  if (Array.isArray(found)) return found;
  return loaded && loaded.role === role ? loaded.menu : [];
}

// Lenders and administrators may be asked for a second-factor code before money leaves;
// agents never are, so their screens do not load the dialog.
const StepUpDialog = lazy(() =>
  import('../../features/second-factor/components/step-up-dialog').then((module) => ({
    default: module.StepUpDialog,
  })),
);

export function DashboardShell() {
  const { user } = useSession();
  const { pathname } = useLocation();
  const [navOpened, { toggle: toggleNav, close: closeNav }] = useDisclosure(false);
  const [collapsed, setCollapsed] = useState(false);
  // Read at once (not after a first render, which would draw a phone's layout first).
  const desktop =
    useMediaQuery('(min-width: 48em)', false, { getInitialValueInEffect: false }) === true;
  // On a phone the sidebar is a drawer off the screen: its links are drawn when it first
  // opens, not with the first screen, which draws nothing it does not show.
  const [drawerOpenedOnce, setDrawerOpenedOnce] = useState(false);
  if (navOpened && !drawerOpenedOnce) setDrawerOpenedOnce(true);
  const drawSidebar = desktop || drawerOpenedOnce;
  useSelectOnlyBusiness(user?.role);
  const menu = useMenu(user?.role);

  // The phone drawer closes whenever the user goes somewhere.
  const [shownPath, setShownPath] = useState(pathname);
  if (shownPath !== pathname) {
    setShownPath(pathname);
    closeNav();
  }

  if (!user) return null;
  const selectorPath = businessSelectorPathFor(user.role);
  const isAgent = user.role === 'agent';
  const iconOnly = collapsed && desktop;

  function toggleCollapsed() {
    const next = !collapsed;
    setCollapsed(next);
    announceSidebarState(next);
  }

  return (
    <Frame
      navbarWidth={collapsed ? sidebarWidth.collapsed : sidebarWidth.expanded}
      navbarOpened={navOpened}
      withFooter={isAgent}
    >
      <FrameHeader>
        <TopBar
          user={user}
          selectorPath={selectorPath}
          navOpened={navOpened}
          onToggleNav={toggleNav}
          desktop={desktop}
        />
      </FrameHeader>

      <FrameNavbar aria-label={shellText.mainNavigation}>
        {drawSidebar && selectorPath && (
          <FrameSection hiddenFrom="sm" p="md" pb={0}>
            <BusinessSwitch selectorPath={selectorPath} layout="panel" />
          </FrameSection>
        )}
        {/* Scrolls natively: Mantine's ScrollArea would bring floating-ui to the first screen. */}
        {drawSidebar && (
          <FrameSection
            grow
            p={iconOnly ? 'xs' : 'sm'}
            mih={0}
            style={{ overflowY: 'auto', overscrollBehavior: 'contain', scrollbarWidth: 'thin' }}
          >
            <SidebarLinks menu={menu} pathname={pathname} iconOnly={iconOnly} />
          </FrameSection>
        )}
        {desktop && (
          <FrameSection
            visibleFrom="sm"
            p={iconOnly ? 'xs' : 'sm'}
            style={{ borderTop: '1px solid var(--app-shell-border-color)' }}
          >
            {iconOnly ? (
              <DeferredTooltip
                label={shellText.expandSidebar}
                position="right"
                withArrow
                offset={12}
              >
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="xl"
                  radius="md"
                  mx="auto"
                  display="flex"
                  onClick={toggleCollapsed}
                  aria-label={shellText.expandSidebar}
                  aria-expanded={false}
                >
                  <IconLayoutSidebarLeftExpand size={22} stroke={1.7} />
                </ActionIcon>
              </DeferredTooltip>
            ) : (
              <NavLink
                component="button"
                type="button"
                label={shellText.collapseSidebar}
                leftSection={<IconLayoutSidebarLeftCollapse size={20} stroke={1.7} />}
                onClick={toggleCollapsed}
                aria-expanded
                c="dimmed"
                mih={44}
                style={{ borderRadius: 'var(--mantine-radius-md)' }}
              />
            )}
          </FrameSection>
        )}
      </FrameNavbar>

      <FrameMain>
        <Box maw={1400} mx="auto" w="100%">
          {/* A screen that fails keeps the sidebar: the user can go elsewhere. */}
          <ScreenErrorBoundary resetKey={pathname}>
            <Outlet />
          </ScreenErrorBoundary>
        </Box>
      </FrameMain>

      {isAgent && !desktop && (
        <FrameFooter>
          <AgentBottomBar pathname={pathname} />
        </FrameFooter>
      )}
      {!isAgent && (
        <Suspense fallback={null}>
          <StepUpDialog />
        </Suspense>
      )}
    </Frame>
  );
}
