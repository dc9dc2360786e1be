/**
 * The frame of a screen that works on the selected business (the spec's "What the product does"): its head
 * and, until a business is chosen, a card that leads to the business selector instead
 * of the screen.
 */
import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { ChooseBusinessCard } from './choose-business-card';
import { useSelectedBusiness, type SelectedBusiness } from '../lib/use-selected-business';
import { PageHead } from './page-head';

export function BusinessPage({
  title,
  descriptionNoBusiness,
  chooseText,
  children,
}: {
  title: string;
  descriptionNoBusiness: string;
  /** Why this screen needs a business, on the card shown until one is chosen. */
  chooseText: string;
  /** The screen for the business; keyed by it, so a switch starts afresh. */
  children: (business: SelectedBusiness) => ReactNode;
}) {
  const { business } = useSelectedBusiness();
  if (business)
    return (
      <Stack key={business.id} gap="lg">
        {children(business)}
      </Stack>
    );
  return (
    <Stack gap="lg">
      <PageHead title={title} description={descriptionNoBusiness} />
      <ChooseBusinessCard text={chooseText} />
    </Stack>
  );
}
