/**
 * A borrower's passport photo through a short-lived link, with the initials while it
 * loads, when there is none, and when the image fails.
 */
import { Avatar, type AvatarProps } from '@mantine/core';
import { borrowersText as t } from '../../../i18n/borrowers';
import { useQuery } from '@tanstack/react-query';
import { documentUrlQuery } from '../../../api/documents';
import { type Borrower } from '../../../domain/borrowers';
import { initials, personName } from '../../../lib/names';

export function BorrowerAvatar({
  borrower,
  size,
}: {
  borrower: Pick<Borrower, 'firstName' | 'lastName' | 'passportPhoto'>;
  size: AvatarProps['size'];
}) {
  const photo = borrower.passportPhoto;
  const link = useQuery({ ...documentUrlQuery(photo ?? ''), enabled: Boolean(photo) });
  return (
    <Avatar
      src={link.data ?? null}
      alt={t.photoOf(personName(borrower))}
      size={size}
      radius="50%"
      color="teal"
      variant="light"
    >
      {initials(borrower)}
    </Avatar>
  );
}
