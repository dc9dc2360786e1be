/**
 * The business selector: lists the user's businesses
 * (a lender's own, an agent's assigned ones), selects the only one by itself, and sends
 * the user to /dashboard once one is chosen. The choice is kept in localStorage; a kept
 * choice that is no longer in the list is forgotten, a renamed one is refreshed.
 */
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconBuildingStore, IconChevronRight, IconInfoCircle, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { myBusinessesQuery, type LenderBusiness } from '../../../api/businesses';
import { BusinessStatusBadge } from '../../../components/business-status-badge';
import { businessesText as t } from '../../../i18n/businesses';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { useLogOut } from '../../../lib/use-log-out';
import { useSelectedBusiness } from '../../../lib/use-selected-business';
import { StandaloneFrame } from '../components/standalone-frame';

export function BusinessSelectorPage() {
  const { user } = useSession();
  const role = user?.role === 'lender' || user?.role === 'agent' ? user.role : null;
  const businesses = useQuery({ ...myBusinessesQuery(role ?? 'lender'), enabled: role !== null });
  const { business: selected, select, clear } = useSelectedBusiness();
  const navigate = useNavigate();
  const logOut = useLogOut();
  // Only this visit's answer: a held list may predate a business just registered, and
  // choosing "the only one" from it would skip the selector.
  const list = businesses.isFetchedAfterMount ? businesses.data : undefined;
  const onlyOne = list?.length === 1 ? list[0] : null;

  // Exactly one business: choose it and go on.
  useEffect(() => {
    if (!onlyOne) return;
    select(onlyOne);
    void navigate(paths.dashboard.root, { replace: true });
  }, [onlyOne, select, navigate]);

  // Keep the stored choice true to the list: gone → forgotten, renamed → refreshed.
  useEffect(() => {
    if (!list || !selected || onlyOne) return;
    const match = list.find((b) => b.id === selected.id);
    if (!match) clear();
    else if (match.businessName !== selected.businessName) select(match);
  }, [list, onlyOne, selected, select, clear]);

  function choose(business: LenderBusiness) {
    select(business);
    void navigate(paths.dashboard.root);
  }

  let body;
  if (businesses.error) {
    body = (
      <Alert color="red" variant="light" icon={<IconInfoCircle />} title={t.loadFailed}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{businesses.error.message}</Text>
          <Button variant="default" onClick={() => void businesses.refetch()}>
            {t.retry}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (!list || onlyOne) {
    body = (
      <Stack gap="sm" aria-busy="true">
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} h={64} radius="md" />
        ))}
      </Stack>
    );
  } else if (list.length === 0) {
    body = <NoBusiness role={role} />;
  } else {
    body = (
      <Stack gap="sm">
        <Stack gap="sm" role="list" aria-label={t.listLabel}>
          {list.map((business) => (
            <BusinessChoice
              key={business.id}
              business={business}
              current={selected?.id === business.id}
              onChoose={() => choose(business)}
            />
          ))}
        </Stack>
        {role === 'lender' && (
          <Button
            component={Link}
            to={paths.lenderBusinessRegister}
            variant="subtle"
            size="md"
            leftSection={<IconPlus size={18} />}
            style={{ alignSelf: 'flex-start' }}
          >
            {t.registerAnother}
          </Button>
        )}
      </Stack>
    );
  }

  return (
    <StandaloneFrame
      title={t.selectorTitle}
      subtitle={t.selectorSubtitle}
      footer={
        <Anchor component="button" type="button" onClick={logOut} c="dimmed" mih={44}>
          {t.logOut}
        </Anchor>
      }
    >
      {body}
    </StandaloneFrame>
  );
}

function BusinessChoice({
  business,
  current,
  onChoose,
}: {
  business: LenderBusiness;
  current: boolean;
  onChoose: () => void;
}) {
  return (
    <div role="listitem">
      <UnstyledButton
        onClick={onChoose}
        w="100%"
        p="md"
        mih={64}
        bd="1px solid var(--mantine-color-default-border)"
        bg={current ? 'var(--mantine-primary-color-light)' : undefined}
        style={{ borderRadius: 'var(--mantine-radius-md)' }}
        aria-current={current ? 'true' : undefined}
      >
        <Group justify="space-between" wrap="nowrap">
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Text fw={600} truncate>
              {business.businessName}
            </Text>
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                {business.lenderBusinessCode}
              </Text>
              <BusinessStatusBadge status={business.status} />
              {current && (
                <Badge size="sm" variant="filled" tt="none">
                  {t.current}
                </Badge>
              )}
            </Group>
          </Stack>
          <IconChevronRight size={20} aria-hidden />
        </Group>
      </UnstyledButton>
    </div>
  );
}

function NoBusiness({ role }: { role: 'lender' | 'agent' | null }) {
  if (role === 'lender') {
    return (
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h4">
          {t.noBusinessTitle}
        </Title>
        <Text c="dimmed">{t.noBusinessText}</Text>
        <Button
          component={Link}
          to={paths.lenderBusinessRegister}
          size="md"
          fullWidth
          leftSection={<IconBuildingStore size={18} />}
        >
          {t.registerBusiness}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {t.agentNoBusinessTitle}
      </Title>
      <Text c="dimmed">{t.agentNoBusinessText}</Text>
    </Stack>
  );
}
