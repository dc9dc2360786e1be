/** Agent create and edit (spec part 2 §5). */
import * as v from 'valibot';
import { agentsText } from '../i18n/agents';
import { MAX_LENGTH, maxLengthOf, requiredString } from './fields';
import { idField } from './lender-profile';

export const agentSchema = v.object({
  firstName: v.pipe(
    requiredString(agentsText.firstNameRequired),
    v.trim(),
    v.nonEmpty(agentsText.firstNameRequired),
    maxLengthOf('First name', MAX_LENGTH.name),
  ),
  lastName: v.pipe(
    requiredString(agentsText.lastNameRequired),
    v.trim(),
    v.nonEmpty(agentsText.lastNameRequired),
    maxLengthOf('Last name', MAX_LENGTH.name),
  ),
  email: v.pipe(
    requiredString(agentsText.invalidEmail),
    v.trim(),
    maxLengthOf('Email', MAX_LENGTH.email),
    v.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, agentsText.invalidEmail),
    v.toLowerCase(),
  ),
  idNumber: v.pipe(
    v.union(
      [v.string(agentsText.idNumberRequired), v.number(agentsText.idNumberRequired)],
      agentsText.idNumberRequired,
    ),
    v.transform((value) => String(value).trim()),
    maxLengthOf('ID number', MAX_LENGTH.idNumber),
    v.regex(/^\d+$/, agentsText.idNumberRequired),
    v.check((value) => Number(value) >= 1, agentsText.idNumberRequired),
  ),
  phoneNumber: v.pipe(
    requiredString(agentsText.phoneRequired),
    v.trim(),
    v.nonEmpty(agentsText.phoneRequired),
    maxLengthOf('Phone number', MAX_LENGTH.phone),
  ),
  lenderBusinessId: idField(agentsText.businessRequired),
  lenderBusinessAreaId: idField(agentsText.areaRequired),
});
export type AgentInput = v.InferInput<typeof agentSchema>;
