/**
 * The business selector (spec part 1 §2.7): lists the user's businesses, selects the
 * only one by itself, and sends the user to /dashboard once one is chosen.
 */
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  Image,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconBuildingStore, IconChevronRight, IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ApiError } from '../../../api/client';
import { paths } from '../../../lib/paths';
import { businessesText as t } from '../../../i18n/businesses';
import { commonText } from '../../../i18n/common';
import { capitalizeWords } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { getMyBusinesses, type MyBusiness } from '../api/get-my-businesses';
import { useLogOut } from '../../../lib/use-log-out';
import { useSelectedBusiness } from '../../../lib/use-selected-business';

type Loaded =
  | { attempt: number; status: 'ready'; businesses: MyBusiness[] }
  | { attempt: number; status: 'error'; message: string };

const statusColors: Record<string, string> = {
  active: 'green',
  approved: 'green',
  new: 'gray.5',
  rejected: 'red',
  blocked: 'red',
};

function useMyBusinesses(role: 'lender' | 'agent' | null) {
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    if (!role) return;
    let live = true;
    getMyBusinesses(role).then(
      (businesses) => {
        if (live) setLoaded({ attempt, status: 'ready', businesses });
      },
      (error: unknown) => {
        if (!live) return;
        console.warn('Loading the businesses failed', error);
        // Until the server offers the list (404), the user simply has no business yet.
        if (error instanceof ApiError && error.status === 404) {
          setLoaded({ attempt, status: 'ready', businesses: [] });
        } else {
          const message = error instanceof Error ? error.message : commonText.genericError;
          setLoaded({ attempt, status: 'error', message });
        }
      },
    );
    return () => {
      live = false;
    };
  }, [role, attempt]);

  const current = loaded && loaded.attempt === attempt ? loaded : null;
  return { loaded: current, retry: () => setAttempt((n) => n + 1) };
}

export function BusinessSelectorPage() {
  const { user } = useSession();
  const role = user?.role === 'lender' || user?.role === 'agent' ? user.role : null;
  const { loaded, retry } = useMyBusinesses(role);
  const { business: selected, select } = useSelectedBusiness();
  const navigate = useNavigate();
  const logOut = useLogOut();

  const onlyOne =
    loaded?.status === 'ready' && loaded.businesses.length === 1 ? loaded.businesses[0] : null;

  useEffect(() => {
    if (!onlyOne) return;
    select(onlyOne);
    void navigate(paths.dashboard.root, { replace: true });
  }, [onlyOne, select, navigate]);

  function choose(business: MyBusiness) {
    select(business);
    void navigate(paths.dashboard.root);
  }

  return (
    <Center mih="100dvh" p={{ base: 'sm', sm: 'xl' }} bg="var(--mantine-color-default-hover)">
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={480}>
        <Stack gap="lg">
          <Group gap={8}>
            <Image src="/icons/logo.svg" alt="" w={28} h={28} />
            <Text fw={800} size="lg">
              {commonText.productName}
            </Text>
          </Group>
          <Stack gap={4}>
            <Title order={1} size="h2">
              {t.selectorTitle}
            </Title>
            <Text c="dimmed">{t.selectorSubtitle}</Text>
          </Stack>

          {!loaded || onlyOne ? (
            <Stack gap="sm" aria-busy="true">
              {[0, 1, 2].map((key) => (
                <Skeleton key={key} h={64} radius="md" />
              ))}
            </Stack>
          ) : loaded.status === 'error' ? (
            <Alert color="red" variant="light" icon={<IconInfoCircle />} title={t.loadFailed}>
              <Stack gap="sm" align="flex-start">
                <Text size="sm">{loaded.message}</Text>
                <Button variant="default" onClick={retry}>
                  {t.retry}
                </Button>
              </Stack>
            </Alert>
          ) : loaded.businesses.length === 0 ? (
            <NoBusiness role={role} />
          ) : (
            <Stack gap="sm" role="list" aria-label={t.listLabel}>
              {loaded.businesses.map((business) => (
                <BusinessChoice
                  key={business.id}
                  business={business}
                  current={selected?.id === business.id}
                  onChoose={() => choose(business)}
                />
              ))}
            </Stack>
          )}

          <Anchor component="button" type="button" onClick={logOut} c="dimmed" mih={44}>
            {t.logOut}
          </Anchor>
        </Stack>
      </Paper>
    </Center>
  );
}

function BusinessChoice({
  business,
  current,
  onChoose,
}: {
  business: MyBusiness;
  current: boolean;
  onChoose: () => void;
}) {
  const status = business.status?.toLowerCase();
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
      >
        <Group justify="space-between" wrap="nowrap">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600} truncate>
              {business.businessName}
            </Text>
            <Group gap="xs">
              {business.lenderBusinessCode && (
                <Text size="sm" c="dimmed">
                  {business.lenderBusinessCode}
                </Text>
              )}
              {status && (
                <Badge size="sm" variant="dot" tt="none" color={statusColors[status] ?? 'gray.5'}>
                  {capitalizeWords(status)}
                </Badge>
              )}
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
