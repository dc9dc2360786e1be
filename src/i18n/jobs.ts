/** Sentences of the scheduled jobs an admin runs on demand (POST /admin/jobs/…, npm run jobs:fines). */
export const jobsText = {
  dayFormat: 'Give the day as YYYY-MM-DD.',
  realDay: 'Give a real calendar day.',
  futureDay: (day: string, today: string) =>
    `The fines job runs only for days that have happened: ${day} is after today (${today}, Africa/Nairobi).`,
  beforeFirstLoan: (day: string, first: string) =>
    `The fines job runs only for days from the platform's first loan on: ${day} is before its first loan (${first}).`,
  noLoansYet: (day: string, today: string) =>
    `The platform has no loans yet, so the fines job runs only for today (${today}), not ${day}.`,
  minutesWhole: 'Give the minutes as a whole number.',
  minutesRange: 'Give the minutes as a whole number from 0 to 1440.',
  alreadyRunning: 'The fines job is already running. Try again in a minute.',
  smsAlreadyRunning: 'The SMS job is already running. Try again in a minute.',
} as const;
