/**
 * The spec's "Business selector" on the way in: sign-in leads to /dashboard ("Login screens"), and a lender or
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
  const onlyOne = businesses.data?.length === 1 ? businesses.data[0] : null;

  useEffect(() => {
    if (onlyOne && !business) select(onlyOne);
  }, [onlyOne, business, select]);
}
