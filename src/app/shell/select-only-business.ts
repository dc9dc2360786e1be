/**
 * The business selector on the way in: sign-in leads to /dashboard, and a lender or
 * agent with exactly one business has it chosen there by itself, without a stop at the
 * selector. With several (or none) nothing is chosen and the screens ask for a choice.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { myBusinessesQuery } from '../../api/businesses';
import { useSelectedBusiness } from '../../lib/use-selected-business';

export function useSelectOnlyBusiness(role: string | undefined) {
  const { business, select } = useSelectedBusiness();
  const worker = role === 'lender' || role === 'agent' ? role : null;
  const businesses = useQuery({
    ...myBusinessesQuery(worker ?? 'lender'),
    enabled: worker !== null && !business,
  });
  // Not from a held list while it reloads: it may predate a business just registered.
  const fresh = businesses.isFetching ? undefined : businesses.data;
  const onlyOne = fresh?.length === 1 ? fresh[0] : null;

  useEffect(() => {
    if (onlyOne && !business) select(onlyOne);
  }, [onlyOne, business, select]);
}
