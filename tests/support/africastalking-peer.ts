/**
 * A local stand-in for Africa's Talking's SMS API, so the africastalking adapter is tested
 * over real HTTP without an account: POST /version1/messaging with the apiKey header and a
 * form-encoded username, to, message (and from). It records every request and answers as
 * Africa's Talking does: statusCode 101 "Success" with a messageId and a cost per
 * recipient, or what a test scripts instead.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export type AfricasTalkingRequest = {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  form: Record<string, string>;
};

export type AfricasTalkingPeer = {
  url: string;
  requests: AfricasTalkingRequest[];
  /** The next request gets this answer instead. */
  answerNext: (status: number, body: unknown) => void;
  close: () => Promise<void>;
};

export async function startAfricasTalkingPeer(options: {
  username: string;
  apiKey: string;
}): Promise<AfricasTalkingPeer> {
  const requests: AfricasTalkingRequest[] = [];
  const scripted: { status: number; body: unknown }[] = [];
  let sequence = 0;
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(raw));
      requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, form });
      const answer = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(typeof body === 'string' ? body : JSON.stringify(body));
      };
      const next = scripted.shift();
      if (next) return answer(next.status, next.body);
      if (req.method !== 'POST' || req.url !== '/version1/messaging')
        return answer(404, 'Not found');
      if (req.headers.apikey !== options.apiKey)
        return answer(401, 'The supplied authentication is invalid');
      if (form.username !== options.username)
        return answer(401, 'The supplied authentication is invalid');
      if (!/^\+254[71]\d{8}$/.test(form.to ?? '') || !form.message) {
        return answer(201, {
          SMSMessageData: {
            Message: 'Sent to 0/1 Total Cost: 0',
            Recipients: [
              {
                statusCode: 403,
                number: form.to,
                status: 'InvalidPhoneNumber',
                cost: '0',
                messageId: 'None',
              },
            ],
          },
        });
      }
      sequence += 1;
      return answer(201, {
        SMSMessageData: {
          Message: 'Sent to 1/1 Total Cost: KES 0.8000',
          Recipients: [
            {
              statusCode: 101,
              number: form.to,
              status: 'Success',
              cost: 'KES 0.8000',
              messageId: `ATXid_${sequence}`,
            },
          ],
        },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answerNext: (status, body) => void scripted.push({ status, body }),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
