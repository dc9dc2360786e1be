/** An agent as the API answers it (the spec's "Agent"; server/modules/agents/service.ts). */
import type * as v from 'valibot';
import type { agentSchema } from '../../../domain/agents';

export type AgentBusiness = {
  id: number;
  businessName: string;
  lenderBusinessCode: string;
  status: string;
};

export type AgentArea = { id: number; name: string; lenderBusinessId: number };

export type Agent = {
  id: number;
  firstName: string;
  lastName: string;
  idNumber: string;
  email: string;
  phoneNumber: string;
  status: string;
  lenderId: number;
  createdAt: string;
  lenderBusinessId: number | null;
  lenderBusinesses: AgentBusiness[];
  lenderBusinessArea: { id: number; name: string } | null;
  lenderBusinessAreas: AgentArea[];
};

/** What POST /agent/register and PATCH /agent/update/{id} take. */
export type AgentPayload = v.InferOutput<typeof agentSchema>;

/** The answer of the agent actions: the server's sentence, and the agent when it sends one. */
export type AgentAnswer = { message: string; data?: Agent };

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
