/** Agent create and edit (spec part 2 §5). */
import * as v from 'valibot';
import { agentsText } from '../i18n/agents';
import { requiredString } from './fields';
import { idField } from './lender-profile';

export const agentSchema = v.object({
  firstName: v.pipe(
    requiredString(agentsText.firstNameRequired),
    v.trim(),
    v.nonEmpty(agentsText.firstNameRequired),
    v.maxLength(100, agentsText.firstNameRequired),
  ),
  lastName: v.pipe(
    requiredString(agentsText.lastNameRequired),
    v.trim(),
    v.nonEmpty(agentsText.lastNameRequired),
    v.maxLength(100, agentsText.lastNameRequired),
  ),
  email: v.pipe(
    requiredString(agentsText.invalidEmail),
    v.trim(),
    v.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, agentsText.invalidEmail),
    v.toLowerCase(),
  ),
  idNumber: v.pipe(
    v.union(
      [v.string(agentsText.idNumberRequired), v.number(agentsText.idNumberRequired)],
      agentsText.idNumberRequired,
    ),
    v.transform((value) => String(value).trim()),
    v.regex(/^\d+$/, agentsText.idNumberRequired),
    v.check((value) => Number(value) >= 1, agentsText.idNumberRequired),
  ),
  phoneNumber: v.pipe(
    requiredString(agentsText.phoneRequired),
    v.trim(),
    v.nonEmpty(agentsText.phoneRequired),
    v.maxLength(20, agentsText.phoneRequired),
  ),
  lenderBusinessId: idField(agentsText.businessRequired),
  lenderBusinessAreaId: idField(agentsText.areaRequired),
});
export type AgentInput = v.InferInput<typeof agentSchema>;
