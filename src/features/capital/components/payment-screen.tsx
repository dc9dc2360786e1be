/**
 * One money screen for the selected business: its head, the available capital and the
 * payment form. Add money and Withdraw money differ only in texts and the call.
 */
import { Card, Grid } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { BusinessPage } from '../../../components/business-page';
import { PageHead } from '../../../components/page-head';
import { capitalText } from '../../../i18n/capital';
import { capitalBalanceQuery } from '../../../api/capital';
import type { PaymentRequest, PaymentStarted } from '../../../domain/capital';
import { CapitalCard } from './capital-card';
import { PaymentForm, type PaymentTexts } from './payment-form';

export type PaymentScreenTexts = PaymentTexts & {
  title: string;
  subtitle: (businessName: string) => string;
  subtitleNoBusiness: string;
};

export function PaymentScreen({
  texts,
  send,
}: {
  texts: PaymentScreenTexts;
  send: (payment: PaymentRequest) => Promise<PaymentStarted>;
}) {
  return (
    <BusinessPage
      title={texts.title}
      descriptionNoBusiness={texts.subtitleNoBusiness}
      chooseText={capitalText.chooseBusinessText}
    >
      {(business) => <BusinessPayment business={business} texts={texts} send={send} />}
    </BusinessPage>
  );
}

function BusinessPayment({
  business,
  texts,
  send,
}: {
  business: { id: number; businessName: string };
  texts: PaymentScreenTexts;
  send: (payment: PaymentRequest) => Promise<PaymentStarted>;
}) {
  const balance = useQuery(capitalBalanceQuery(business.id));
  return (
    <>
      <PageHead title={texts.title} description={texts.subtitle(business.businessName)} />
      <Grid gutter="lg" align="flex-start">
        <Grid.Col span={{ base: 12, md: 7, lg: 6 }}>
          <Card withBorder radius="md" padding="lg">
            <PaymentForm lenderBusinessId={business.id} send={send} texts={texts} />
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <CapitalCard balance={balance} businessName={business.businessName} />
        </Grid.Col>
      </Grid>
    </>
  );
}
