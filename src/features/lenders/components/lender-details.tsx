/**
 * What an administrator reads about a lender: the personal and the
 * business information with their documents, side by side in two tabs. Used by the
 * review page and the Lenders Dashboard's details dialog.
 */
import { Card, Group, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconBuildingStore, IconUser } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import {
  businessStatusLabel,
  BusinessStatusBadge,
} from '../../../components/business-status-badge';
import { StatusBadge } from '../../../components/status-badge';
import { lendersText } from '../../../i18n/lenders';
import { capitalizeWords, formatDate, formatKes, orNA } from '../../../lib/format';
import type { Lender, LenderBusiness } from '../api/get-lenders';
import { DocumentPreview } from './document-preview';
import { lenderName } from './lender-text';

const t = lendersText.adminScreens;

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.3}>
        {label}
      </Text>
      <Text component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

function Documents({ items }: { items: { label: string; fileKey: string | null }[] }) {
  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        {t.documentsTitle}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
        {items.map((item) => (
          <DocumentPreview key={item.label} label={item.label} fileKey={item.fileKey} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

export function LenderPersonalDetails({ lender }: { lender: Lender }) {
  const identity = [
    { label: t.documents.passportPhoto, fileKey: lender.passportPhoto },
    { label: t.documents.idFront, fileKey: lender.idFront },
    { label: t.documents.idBack, fileKey: lender.idBack },
  ];
  const given = identity.filter((item) => item.fileKey);
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg" verticalSpacing="md">
        <Field label={t.fields.name}>{lenderName(lender)}</Field>
        <Field label={t.fields.email}>{orNA(lender.email)}</Field>
        <Field label={t.fields.phone}>{orNA(lender.phoneNumber)}</Field>
        <Field label={t.fields.idNumber}>{orNA(lender.idNumber)}</Field>
        <Field label={t.fields.gender}>{orNA(lender.gender)}</Field>
        <Field label={t.fields.region}>{orNA(lender.lenderRegion?.name)}</Field>
        <Field label={t.fields.status}>
          <StatusBadge status={lender.status} label={capitalizeWords(lender.status)} />
        </Field>
        <Field label={t.fields.createdAt}>{formatDate(lender.createdAt)}</Field>
        {lender.rejectionReason && (
          <Field label={t.fields.rejectionReason}>{lender.rejectionReason}</Field>
        )}
      </SimpleGrid>
      <Documents items={given.length > 0 ? given : identity} />
    </Stack>
  );
}

function BusinessCard({ business }: { business: LenderBusiness }) {
  const typeName = business.lenderBusinessType.name;
  const documents = [
    { label: t.documents.licence, fileKey: business.businessLicenseUrl },
    { label: t.documents.certificate, fileKey: business.registrationCertificateUrl },
  ];
  const individual = business.lenderBusinessType.businessType !== 'business';
  const hasDocuments = documents.some((item) => item.fileKey);
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="lg">
        <Group justify="space-between" gap="sm">
          <Title order={3} size="h4">
            {business.businessName}
          </Title>
          <BusinessStatusBadge status={business.status} />
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg" verticalSpacing="md">
          <Field label={t.fields.businessName}>{business.businessName}</Field>
          <Field label={t.fields.paybill}>{orNA(business.paybillNumber)}</Field>
          <Field label={t.fields.loanLimit}>{formatKes(business.defaultLoanLimit)}</Field>
          <Field label={t.fields.businessCode}>{orNA(business.lenderBusinessCode)}</Field>
          <Field label={t.fields.status}>{businessStatusLabel(business.status)}</Field>
          <Field label={t.fields.businessType}>{typeName}</Field>
        </SimpleGrid>
        {(hasDocuments || !individual) && <Documents items={documents} />}
      </Stack>
    </Card>
  );
}

export function LenderBusinessDetails({ lender }: { lender: Lender }) {
  if (lender.lenderBusinesses.length === 0) {
    return <Text c="dimmed">{t.noBusinesses}</Text>;
  }
  return (
    <Stack gap="md">
      {lender.lenderBusinesses.map((business) => (
        <BusinessCard key={business.id} business={business} />
      ))}
    </Stack>
  );
}

/**
 * The two tabs: "Personal Information" and "Business Information" on the review page,
 * "Business Details" first and "Personal Details" in the Lenders Dashboard's dialog.
 */
export function LenderDetailsTabs({
  lender,
  labels = { personal: t.personalTab, business: t.businessTab },
  first = 'personal',
}: {
  lender: Lender;
  labels?: { personal: string; business: string };
  first?: 'personal' | 'business';
}) {
  const tabs = {
    personal: { label: labels.personal, icon: IconUser },
    business: { label: labels.business, icon: IconBuildingStore },
  };
  const order =
    first === 'personal'
      ? (['personal', 'business'] as const)
      : (['business', 'personal'] as const);
  return (
    <Tabs defaultValue={first} keepMounted={false}>
      <Tabs.List>
        {order.map((key) => {
          const Icon = tabs[key].icon;
          return (
            <Tabs.Tab key={key} value={key} leftSection={<Icon size={16} />} mih={44}>
              {tabs[key].label}
            </Tabs.Tab>
          );
        })}
      </Tabs.List>
      <Tabs.Panel value="personal" pt="md">
        <Card withBorder radius="md" padding="lg">
          <LenderPersonalDetails lender={lender} />
        </Card>
      </Tabs.Panel>
      <Tabs.Panel value="business" pt="md">
        <LenderBusinessDetails lender={lender} />
      </Tabs.Panel>
    </Tabs>
  );
}
