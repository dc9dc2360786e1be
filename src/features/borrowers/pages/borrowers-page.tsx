import { UpcomingPage } from '../../../components/upcoming-page';

/** Placeholder until this screen is built. */
export function BorrowersPage() {
  return <UpcomingPage />;
}
