/** The lenders' list (the approval table and the Lenders Dashboard) comes from src/api/lenders.ts. */
export { getLenders, lendersQuery, type Lender, type LenderBusiness } from '../../../api/lenders';
