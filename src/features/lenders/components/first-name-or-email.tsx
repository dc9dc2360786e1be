/**
 * The First Name cell of the administrators' lender tables: a lender who has not
 * completed the profile yet has no name, and is known by the email there.
 */
import { Text } from '@mantine/core';
import type { Lender } from '../api/get-lenders';

export function FirstNameOrEmail({ lender }: { lender: Lender }) {
  if (lender.firstName) return lender.firstName;
  if (lender.lastName) return null;
  return (
    <Text size="sm" c="dimmed" component="span">
      {lender.email}
    </Text>
  );
}
