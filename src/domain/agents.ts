/** Agent create and edit, validated alike by the form and the server. */
import * as v from 'valibot';
import { inputText } from '../i18n/input';
import { agentsText } from '../i18n/agents';
import { answerWith, count, countsBy, idValue, timestamp } from './answers';
import { MAX_LENGTH, maxLengthOf, requiredString } from './fields';
import { idField } from './lender-profile';
import { contactPhone } from './phone';
import { agentStatuses, businessStatuses } from './roles';

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

/** A business an agent works for, as the agent answers carry it. */
export const agentBusinessView = v.object({
  id: idValue,
  businessName: v.string(),
  lenderBusinessCode: v.string(),
  status: v.picklist(businessStatuses),
});
export type AgentBusiness = v.InferOutput<typeof agentBusinessView>;

/** The agent's area in one of its businesses. */
export const agentAreaView = v.object({ id: idValue, name: v.string(), lenderBusinessId: idValue });
export type AgentArea = v.InferOutput<typeof agentAreaView>;

/**
 * An agent as the API answers it (GET /agent/me/{id}, the agent lists,
 * and the writes that answer the agent): its businesses, and its area in each. The first
 * business and area are also given alone (lenderBusinessId, lenderBusinessArea).
 */
export const agentView = v.object({
  id: idValue,
  firstName: v.string(),
  lastName: v.string(),
  idNumber: v.string(),
  email: v.string(),
  phoneNumber: v.string(),
  status: v.picklist(agentStatuses),
  lenderId: idValue,
  createdAt: timestamp,
  lenderBusinessId: v.nullable(idValue),
  lenderBusinesses: v.array(agentBusinessView),
  lenderBusinessArea: v.nullable(v.object({ id: idValue, name: v.string() })),
  lenderBusinessAreas: v.array(agentAreaView),
});
export type Agent = v.InferOutput<typeof agentView>;

/** The answer of the writes that return the agent (register, update, PATCH /agent/me). */
export const agentAnswerView = answerWith(agentView);
export type AgentAnswer = v.InferOutput<typeof agentAnswerView>;

/** GET /agent/count and /agent/data/{businessId}: agents in total and per status. */
export const agentCountsView = v.object({
  totalCount: count,
  agentStatsCounts: countsBy(agentStatuses),
});

/** The business an agent moves to (of the same lender). */
export const agentReassignSchema = v.object({
  newLenderBusinessId: idField(agentsText.businessRequired),
});

/** A further business of the same lender that an agent also works for. */
export const agentAddBusinessSchema = v.object({
  lenderBusinessId: idField(agentsText.businessRequired),
});
