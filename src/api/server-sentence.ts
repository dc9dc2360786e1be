/**
 * The sentence an error answer carries in its body ({ message }, docs/architecture.md §3),
 * when it carries one that is not blank. A plain module: the API client, the outbox's sync
 * and the sign-in pages' script (which loads no HTTP client) read it alike.
 */
export function serverSentence(body: unknown): string | undefined {
  if (!body || typeof body !== 'object' || !('message' in body)) return undefined;
  const { message } = body as { message: unknown };
  return typeof message === 'string' && message.trim() ? message : undefined;
}
