/**
 * Borrower detail (/dashboard/borrowers/{id}, agent):
 * a header with photo, name, ID number and status, then Personal Information, Business
 * Information and Loans tabs. Nothing loads until a business is selected; a 404 reads
 * "Borrower not found".
 */
import { Button, Card, Group, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconBriefcase, IconCash, IconPencil, IconUser } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { BusinessPage } from '../../../components/business-page';
import { RecordPage, RecordView } from '../../../components/detail-page';
import { PageHead } from '../../../components/page-head';
import { formatKenyanPhone, normalizeKenyanPhone } from '../../../domain/phone';
import { borrowersText as t } from '../../../i18n/borrowers';
import { commonText } from '../../../i18n/common';
import { capitalizeWords, formatDate, formatKes, orNA } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { borrowerQuery, type BorrowerWithLoans } from '../api/get-borrower';
import { BorrowerAvatar } from '../components/borrower-avatar';
import { BorrowerFormDialog, type BorrowerEditing } from '../components/borrower-form-dialog';
import { BorrowerLoans } from '../components/borrower-loans';
import { BorrowerStatusBadge } from '../components/borrower-status-badge';
import { DetailList } from '../../../components/detail-list';
import { personName } from '../../../lib/names';

/** A number as Kenyans write it when it is a Kenyan mobile number, else as stored. */
function phoneText(value: string | null): string {
  if (!value) return commonText.notAvailable;
  const normalized = normalizeKenyanPhone(value);
  return normalized ? formatKenyanPhone(normalized) : value;
}

/** The page's way back and not-found texts. */
function pageTexts() {
  return {
    back: { to: paths.dashboard.borrowers, label: t.backToBorrowers },
    notFound: { title: t.notFound, text: t.notFoundText },
  };
}

export function BorrowerDetailPage() {
  // The borrower is read by its id; the business only has to be chosen. Each of the
  // record's states frames itself (RecordView).
  return (
    <BusinessPage
      title={t.detailTitle}
      descriptionNoBusiness={t.listSubtitleNoBusiness}
      chooseText={t.chooseBusinessText}
      framed={false}
    >
      {() => <RecordPage {...pageTexts()}>{(id) => <BorrowerDetail id={id} />}</RecordPage>}
    </BusinessPage>
  );
}

function BorrowerDetail({ id }: { id: number }) {
  const borrower = useQuery(borrowerQuery(id));
  const [editing, setEditing] = useState<BorrowerEditing | null>(null);
  return (
    <>
      <RecordView
        {...pageTexts()}
        read={{
          record: borrower.data,
          missing: borrower.error?.status === 404,
          error: borrower.error,
          retry: () => void borrower.refetch(),
        }}
        failed={{ title: t.loadFailedTitle, retryLabel: commonText.retry }}
        skeleton={<ProfileSkeleton />}
        head={(data) => (
          <PageHead
            title={t.detailTitle}
            description={t.detailSubtitle}
            action={
              data && (
                <Button
                  variant="default"
                  leftSection={<IconPencil size={18} />}
                  size="md"
                  w={{ base: '100%', sm: 'auto' }}
                  onClick={() => setEditing({ mode: 'edit', borrower: data })}
                >
                  {t.edit}
                </Button>
              )
            }
          />
        )}
      >
        {(data) => <BorrowerProfile borrower={data} />}
      </RecordView>
      {/* Outside the page's states: a failed reload never takes away what is being typed. */}
      <BorrowerFormDialog
        editing={editing}
        defaultBusinessId={null}
        onClose={() => setEditing(null)}
        // The save invalidates 'borrowers', which reloads this borrower.
        onSaved={() => setEditing(null)}
      />
    </>
  );
}

const tabs = [
  { value: 'personal', label: t.personalTab, icon: IconUser },
  { value: 'business', label: t.businessTab, icon: IconBriefcase },
  { value: 'loans', label: t.loansTab, icon: IconCash },
] as const;

function BorrowerProfile({ borrower }: { borrower: BorrowerWithLoans }) {
  const name = personName(borrower);
  const firstBusiness = borrower.lenderBusinesses[0];
  // On phones the three tabs share one row, their names on two lines if need be.
  const phone = useMediaQuery('(max-width: 48em)', false);
  return (
    <>
      <Card withBorder radius="md" padding="lg">
        <Group gap="lg" wrap="nowrap" align="center">
          <BorrowerAvatar borrower={borrower} size={88} />
          <Stack gap={6} miw={0}>
            <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Title>
            <Text c="dimmed">{t.idNumberLine(borrower.idNumber)}</Text>
            <BorrowerStatusBadge status={borrower.status} />
          </Stack>
        </Group>
      </Card>
      <Tabs defaultValue="personal" keepMounted={false}>
        <Tabs.List grow style={{ flexWrap: 'nowrap' }}>
          {tabs.map((tab) => (
            <Tabs.Tab
              key={tab.value}
              value={tab.value}
              leftSection={phone ? undefined : <tab.icon size={16} aria-hidden />}
              mih={44}
              px={phone ? 'xs' : 'md'}
              style={{ minWidth: 0, whiteSpace: 'normal', textAlign: 'center' }}
            >
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="personal" pt="lg">
          <DetailList
            roomy
            items={[
              { label: t.phoneField, value: phoneText(borrower.phoneNumber) },
              { label: t.alternativePhoneField, value: phoneText(borrower.alternativePhoneNumber) },
              {
                label: t.genderField,
                value: t.genders[borrower.gender] ?? orNA(capitalizeWords(borrower.gender)),
              },
              { label: t.dobField, value: formatDate(borrower.dob) },
              { label: t.nextOfKinNameField, value: orNA(borrower.nextOfKinName) },
              { label: t.relationField, value: orNA(borrower.nextOfKinRelation) },
              { label: t.nextOfKinNumberField, value: phoneText(borrower.nextOfKinNumber) },
            ]}
          />
        </Tabs.Panel>
        <Tabs.Panel value="business" pt="lg">
          <DetailList
            roomy
            items={[
              { label: t.businessNameField, value: orNA(firstBusiness?.businessName) },
              { label: t.areaField, value: orNA(borrower.lenderBusinessArea?.name) },
              { label: t.loanLimitField, value: formatKes(borrower.loanLimit) },
            ]}
          />
        </Tabs.Panel>
        <Tabs.Panel value="loans" pt="lg">
          <BorrowerLoans borrowerId={borrower.id} loans={borrower.loans} />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}

function ProfileSkeleton() {
  return (
    <Stack gap="lg">
      <Card withBorder radius="md" padding="lg">
        <Group gap="lg" wrap="nowrap">
          <Skeleton circle height={88} />
          <Stack gap="xs" style={{ flex: 1 }}>
            <Skeleton height={24} width="60%" />
            <Skeleton height={16} width="40%" />
            <Skeleton height={20} width={72} radius="xl" />
          </Stack>
        </Group>
      </Card>
      <Skeleton height={44} />
      <Stack gap="md">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={40} />
        ))}
      </Stack>
    </Stack>
  );
}
