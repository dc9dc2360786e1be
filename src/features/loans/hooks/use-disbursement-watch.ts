/**
 * Follows disbursements to M-Pesa's answer (an approval only sends the money): each loan
 * approved on this screen, and each loan on screen still disbursing, is read again every
 * few seconds until it is active (a success toast) or pending again (a failure toast with
 * M-Pesa's reason, which the loan also keeps); then the lists reload.
 */
import { useCallback, useEffect, useEffectEvent, useMemo, useState } from 'react';
import { loansText as t } from '../../../i18n/loans';
import { notifyError, notifySuccess } from '../../../lib/notify';
import type { Loan } from '../../../domain/loans';
import { getLoanPage } from '../../../api/loans';

const FOLLOW_MS = 3_000;

export function useDisbursementWatch(
  businessId: number,
  shown: Loan[] | undefined,
  onSettled: () => void,
): (loanCode: string) => void {
  const [watched, setWatched] = useState<ReadonlySet<string>>(() => new Set());
  // Settled here: a list not reloaded yet may still show them disbursing.
  const [finished, setFinished] = useState<ReadonlySet<string>>(() => new Set());
  const [round, setRound] = useState(0);
  const settled = useEffectEvent(onSettled);

  const watch = useCallback((loanCode: string) => {
    setWatched((before) => new Set(before).add(loanCode));
    setFinished((before) => new Set([...before].filter((code) => code !== loanCode)));
  }, []);

  const following = useMemo(() => {
    const shownOut = (shown ?? [])
      .filter((loan) => loan.status === 'disbursing')
      .map((loan) => loan.loanCode);
    const codes = [...new Set([...watched, ...shownOut])].filter((code) => !finished.has(code));
    return codes.sort().join(',');
  }, [shown, watched, finished]);

  useEffect(() => {
    if (following === '') return;
    let live = true;
    const codes = following.split(',');
    const timer = window.setTimeout(() => {
      void Promise.all(codes.map((code) => outcomeOf(businessId, code))).then((ends) => {
        if (!live) return;
        const done = ends.filter((end): end is string => end !== null);
        if (done.length === 0) {
          setRound((n) => n + 1);
          return;
        }
        setWatched((before) => new Set([...before].filter((code) => !done.includes(code))));
        setFinished((before) => new Set([...before, ...done]));
        settled();
      });
    }, FOLLOW_MS);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [businessId, following, round]);

  return watch;
}

/** Toasts how a loan's disbursement ended and answers its code, or null while it is still out. */
async function outcomeOf(businessId: number, loanCode: string): Promise<string | null> {
  let loan: Loan | undefined;
  try {
    const page = await getLoanPage(businessId, { page: 1, limit: 5, code: loanCode });
    loan = page.loans.find((candidate) => candidate.loanCode === loanCode);
  } catch {
    // Offline or the server is busy: ask again next round.
    return null;
  }
  if (loan?.status === 'disbursing') return null;
  if (loan?.status === 'active') notifySuccess(t.disbursedTitle, t.disbursed(loanCode));
  else if (loan?.status === 'pending' && loan.disbursementFailure) {
    notifyError(t.disbursementFailedTitle, t.disbursementFailedNote(loan.disbursementFailure));
  }
  return loanCode;
}
