/** An agent as the API answers it: the types come from its schema (src/domain/agents.ts). */
import type * as v from 'valibot';
import type {
  Agent,
  AgentAnswer,
  AgentArea,
  AgentBusiness,
  agentSchema,
} from '../../../domain/agents';
import type { messageAnswer } from '../../../domain/answers';

export type { Agent, AgentAnswer, AgentArea, AgentBusiness };

/** What POST /agent/register and PATCH /agent/update/{id} take. */
export type AgentPayload = v.InferOutput<typeof agentSchema>;

/** The answer of the agent actions that only confirm (suspend, activate, reassign, add a business). */
export type AgentMessage = v.InferOutput<typeof messageAnswer>;

/**
 * The agent's area in one business; agents may work in several. Tolerates a row without
 * areas: the table's loading skeleton calls accessors with empty placeholder rows.
 */
export function areaIn(
  agent: Pick<Partial<Agent>, 'lenderBusinessAreas'>,
  businessId: number | null | undefined,
): AgentArea | null {
  return agent.lenderBusinessAreas?.find((area) => area.lenderBusinessId === businessId) ?? null;
}
