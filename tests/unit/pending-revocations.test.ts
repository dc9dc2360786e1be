/**
 * The tokens of sessions logged out offline wait in localStorage until the server can
 * end them (src/lib/pending-revocations.ts). The sender stands in for the network here;
 * the E2E journey (tests/e2e/sessions.test.ts) sends them to the real server.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import {
  MAX_PENDING_REVOCATIONS,
  pendingRevocations,
  queueRevocation,
  revokeSession,
  sendPendingRevocations,
  watchPendingRevocations,
  type RevocationSender,
} from '../../src/lib/pending-revocations';

const KEY = 'mkopo-pending-revocations';
const now = Math.floor(Date.now() / 1000);

function token(name: string, exp = now + 3600): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ name, exp })}.signature`;
}

/** A sender answering from a script, recording what it was asked to send. */
function scripted(answers: Record<string, number | 'offline'>) {
  const sent: string[] = [];
  const send: RevocationSender = async (t) => {
    sent.push(t);
    const answer = answers[t] ?? 204;
    if (answer === 'offline') throw new TypeError('Failed to fetch');
    return answer;
  };
  return { send, sent };
}

beforeEach(() => localStorage.clear());

describe('the queue', () => {
  it('keeps each token once, oldest first, in localStorage', () => {
    const [a, b] = [token('a'), token('b')];
    queueRevocation(a);
    queueRevocation(b);
    queueRevocation(a);
    expect(pendingRevocations()).toEqual([b, a]);
    expect(JSON.parse(localStorage.getItem(KEY)!)).toEqual([b, a]);
  });

  it('leaves out expired tokens and things that are not tokens', () => {
    queueRevocation(token('old', now - 10));
    queueRevocation('not-a-token');
    expect(pendingRevocations()).toEqual([]);
    localStorage.setItem(KEY, JSON.stringify([token('later', now + 5), 42, 'junk']));
    expect(pendingRevocations()).toEqual([token('later', now + 5)]);
    expect(pendingRevocations(now + 10)).toEqual([]);
  });

  it('survives a corrupt entry', () => {
    localStorage.setItem(KEY, '{not json');
    expect(pendingRevocations()).toEqual([]);
    queueRevocation(token('a'));
    expect(pendingRevocations()).toEqual([token('a')]);
  });

  it(`keeps the newest ${MAX_PENDING_REVOCATIONS}`, () => {
    const tokens = Array.from({ length: MAX_PENDING_REVOCATIONS + 3 }, (_, i) => token(`t${i}`));
    for (const t of tokens) queueRevocation(t);
    expect(pendingRevocations()).toEqual(tokens.slice(3));
  });
});

describe('sending', () => {
  it('204 and 401 (already ended) settle a token; 408, 429 and 5xx keep it', async () => {
    const tokens = ['ok', 'gone', 'busy', 'down', 'slow', 'bad'].map((name) => token(name));
    for (const t of tokens) queueRevocation(t);
    const [ok, gone, busy, down, slow, bad] = tokens as [string, ...string[]];
    const { send, sent } = scripted({
      [ok]: 204,
      [gone!]: 401,
      [busy!]: 429,
      [down!]: 503,
      [slow!]: 408,
      [bad!]: 400,
    });
    await sendPendingRevocations(send);
    expect(sent).toEqual(tokens);
    expect(pendingRevocations()).toEqual([busy, down, slow]);
  });

  it('stops at a network failure and keeps the rest for later', async () => {
    const [a, b, c] = [token('a'), token('b'), token('c')];
    for (const t of [a, b, c]) queueRevocation(t);
    const offline = scripted({ [b]: 'offline' });
    await sendPendingRevocations(offline.send);
    expect(offline.sent).toEqual([a, b]);
    expect(pendingRevocations()).toEqual([b, c]);

    const online = scripted({});
    await sendPendingRevocations(online.send);
    expect(online.sent).toEqual([b, c]);
    expect(pendingRevocations()).toEqual([]);
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('drops expired tokens unsent', async () => {
    localStorage.setItem(KEY, JSON.stringify([token('old', now - 1), token('new')]));
    const { send, sent } = scripted({});
    await sendPendingRevocations(send);
    expect(sent).toEqual([token('new')]);
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('runs once at a time; a token queued meanwhile goes in the same run', async () => {
    const [a, b] = [token('a'), token('b')];
    queueRevocation(a);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const sent: string[] = [];
    const send: RevocationSender = async (t) => {
      sent.push(t);
      if (t === a) await gate;
      return 204;
    };
    const first = sendPendingRevocations(send);
    const second = revokeSession(b, send);
    expect(second).toBe(first);
    release();
    await Promise.all([first, second]);
    expect(sent).toEqual([a, b]);
    expect(pendingRevocations()).toEqual([]);
  });
});

describe('logging out offline', () => {
  it('keeps the token, and sends it when the device comes online', async () => {
    const t = token('agent');
    let connected = false;
    const sent: string[] = [];
    const send: RevocationSender = async (x) => {
      if (!connected) throw new TypeError('Failed to fetch');
      sent.push(x);
      return 204;
    };
    await revokeSession(t, send);
    expect(pendingRevocations()).toEqual([t]);

    const stop = watchPendingRevocations(send);
    await sendPendingRevocations(send); // the start-up attempt, still offline
    expect(pendingRevocations()).toEqual([t]);
    connected = true;
    window.dispatchEvent(new Event('online'));
    await sendPendingRevocations(send); // waits for the run the event started
    expect(sent).toEqual([t]);
    expect(pendingRevocations()).toEqual([]);
    stop();
  });

  it('sends what waits at start', async () => {
    const t = token('yesterday');
    localStorage.setItem(KEY, JSON.stringify([t]));
    const { send, sent } = scripted({});
    const stop = watchPendingRevocations(send);
    await sendPendingRevocations(send);
    expect(sent).toEqual([t]);
    stop();
  });
});
