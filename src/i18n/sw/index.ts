/**
 * Every Kiswahili side of the agent's catalogues, one chunk that src/main.tsx loads before the first
 * render when the phone is set to Kiswahili (language.ts); English phones never download it.
 */
import { administrators } from './administrators';
import { agents } from './agents';
import { auth } from './auth';
import { borrowers } from './borrowers';
import { businesses } from './businesses';
import { common } from './common';
import { complaints } from './complaints';
import { crb } from './crb';
import { dashboards } from './dashboards';
import { documentInput } from './document-input';
import { error } from './errors';
import { fieldWork, followUps, loanFiles } from './field-work';
import { input } from './input';
import { loans } from './loans';
import { messages } from './messages';
import { offline } from './offline';
import { ownFigures } from './own-figures';
import { pwa } from './pwa';
import { secondFactor } from './second-factor';
import { setup } from './setup';
import { shell } from './shell';
import { statement } from './statement';
import { workingSet } from './working-set';

export const swahili = {
  administrators,
  agents,
  auth,
  borrowers,
  businesses,
  common,
  complaints,
  crb,
  dashboards,
  documentInput,
  error,
  fieldWork,
  followUps,
  loanFiles,
  input,
  loans,
  messages,
  offline,
  ownFigures,
  pwa,
  secondFactor,
  setup,
  shell,
  statement,
  workingSet,
};
