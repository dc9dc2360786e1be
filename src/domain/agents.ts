/** Agent create and edit (the spec's "Validation rules"). */
import * as v from 'valibot';
import { inputText } from '../i18n/input';
import { agentsText } from '../i18n/agents';
import { MAX_LENGTH, maxLengthOf, requiredString } from './fields';
import { idField } from './lender-profile';
import { contactPhone } from './phone';

const label = inputText.labels;

const personalFields = {
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
  phoneNumber: contactPhone(agentsText.phoneRequired, agentsText.phoneInvalid),
};

/**
 * What an agent may change about itself (PATCH /agent/me). The email is its sign-in and
 * the ID number its identity as its lender checked it, so both stay with the lender.
 */
export const agentOwnProfileSchema = v.object(personalFields);
export type AgentOwnProfileInput = v.InferInput<typeof agentOwnProfileSchema>;

export const agentSchema = v.object({
  ...personalFields,
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
  lenderBusinessId: idField(agentsText.businessRequired),
  lenderBusinessAreaId: idField(agentsText.areaRequired),
});
export type AgentInput = v.InferInput<typeof agentSchema>;
