/** GET /lender-business/areas/{businessId}: the areas a borrower can live in. */
import { http } from '../../../api/client';
import type { BorrowerArea } from '../../../domain/borrowers';

export function getBusinessAreas(businessId: number): Promise<BorrowerArea[]> {
  return http
    .get<BorrowerArea[] | null>(`/lender-business/areas/${businessId}`)
    .then((l) => l ?? []);
}
