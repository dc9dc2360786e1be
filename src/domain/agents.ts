/** Agent create and edit (spec part 2 §5). */
import * as v from 'valibot';
import { inputText } from '../i18n/input';
import { agentsText } from '../i18n/agents';
import { MAX_LENGTH, maxLengthOf, requiredString } from './fields';
import { idField } from './lender-profile';
import { contactPhone } from './phone';

const label = inputText.labels;

export const agentSchema = v.object({
  firstName: v.pipe(
    requiredString(agentsText.firstNameRequired),
    v.trim(),
    v.nonEmpty(agentsText.firstNameRequired),
    maxLengthOf(label.firstName, MAX_LENGTH.name),
  ),
  lastName: v.pipe(
    requiredString(agentsText.lastNameRequired),
    v.trim(),
    v.nonEmpty(agentsText.lastNameRequired),
    maxLengthOf(label.lastName, MAX_LENGTH.name),
  ),
  email: v.pipe(
    requiredString(agentsText.invalidEmail),
    v.trim(),
    maxLengthOf(label.email, MAX_LENGTH.email),
    v.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, agentsText.invalidEmail),
    v.toLowerCase(),
  ),
  idNumber: v.pipe(
    v.union(
      [v.string(agentsText.idNumberRequired), v.number(agentsText.idNumberRequired)],
      agentsText.idNumberRequired,
    ),
    v.transform((value) => String(value).trim()),
    maxLengthOf(label.idNumber, MAX_LENGTH.idNumber),
    v.regex(/^\d+$/, agentsText.idNumberRequired),
    v.check((value) => Number(value) >= 1, agentsText.idNumberRequired),
  ),
  phoneNumber: contactPhone(agentsText.phoneRequired, agentsText.phoneInvalid),
  lenderBusinessId: idField(agentsText.businessRequired),
  lenderBusinessAreaId: idField(agentsText.areaRequired),
});
export type AgentInput = v.InferInput<typeof agentSchema>;
