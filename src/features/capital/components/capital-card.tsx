/** The business's available capital above the money forms, so a lender sees what it can withdraw. */
import { IconBuildingBank } from '@tabler/icons-react';
import { FigureCard } from '../../../components/figure-card';
import { capitalText as t } from '../../../i18n/capital';
import { formatKes } from '../../../lib/format';
import type { UseQueryResult } from '@tanstack/react-query';

export function CapitalCard({
  balance,
  businessName,
}: {
  balance: UseQueryResult<number>;
  businessName: string;
}) {
  return (
    <FigureCard
      title={t.availableCapital}
      icon={IconBuildingBank}
      value={balance.error ? '—' : formatKes(balance.data ?? 0)}
      caption={balance.error ? balance.error.message : t.availableCapitalOf(businessName)}
      loading={balance.isLoading}
    />
  );
}
