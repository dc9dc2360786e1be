/**
 * The frame of a screen that works on the selected business: its head
 * and, until a business is chosen, a card that leads to the business selector instead
 * of the screen. Every business-scoped page reads "which business" here, never
 * useSelectedBusiness itself.
 */
import { Stack } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { Fragment, type ReactNode } from 'react';
import { ChooseBusinessCard } from './choose-business-card';
import { useSelectedBusiness, type SelectedBusiness } from '../lib/use-selected-business';
import { PageHead } from './page-head';

/** A screen that cannot show anything without a business. */
type ScopedProps = {
  businessOptional?: false;
  title: string;
  descriptionNoBusiness: string;
  /** Why this screen needs a business, on the card shown until one is chosen. */
  chooseText: string;
  /** The card's title, when the screen asks in its own words (the dashboards). */
  chooseTitle?: string;
  /** The card's icon, when the screen has its own (the agents' group). */
  chooseIcon?: Icon;
  /**
   * false when the screen frames each of its states itself (a record's page,
   * RecordView): the page then adds no Stack of its own around it.
   */
  framed?: boolean;
  /** The screen for the business; keyed by it, so a switch starts afresh. */
  children: (business: SelectedBusiness) => ReactNode;
};

/**
 * A screen that works without a business too, the selected one being only a preference
 * (an agent's edit form preselects it): no card, no frame, and a switch keeps what is
 * being typed.
 */
type OptionalProps = {
  businessOptional: true;
  children: (business: SelectedBusiness | null) => ReactNode;
};

export function BusinessPage(props: ScopedProps | OptionalProps) {
  const { business } = useSelectedBusiness();
  if (props.businessOptional) return <>{props.children(business)}</>;
  const { framed = true, children } = props;
  if (business && !framed) return <Fragment key={business.id}>{children(business)}</Fragment>;
  if (business)
    return (
      <Stack key={business.id} gap="lg">
        {children(business)}
      </Stack>
    );
  return (
    <Stack gap="lg">
      <PageHead title={props.title} description={props.descriptionNoBusiness} />
      <ChooseBusinessCard
        title={props.chooseTitle}
        text={props.chooseText}
        icon={props.chooseIcon}
      />
    </Stack>
  );
}
