/**
 * A fake T-Bank acquiring API (v2/Init) and notification sender, written from T-Bank's
 * documentation independently of the adapter: it recomputes the request Token itself and signs
 * its notifications the same documented way.
 */
import { createHash } from 'node:crypto';
import { sendJson, startFakeServer } from './fake-http';

/** Token per developer.tbank.ru/eacq/intro/developer/token: root scalars + Password, by key. */
export function documentedToken(params: Record<string, unknown>, password: string): string {
  const entries = Object.entries({ ...params, Password: password }).filter(
    ([key, value]) => key !== 'Token' && value !== null && typeof value !== 'object',
  );
  // Byte order, as T-Bank's own PHP SDK (ksort) does: "PayType" comes before "PaymentId".
  entries.sort(([a], [b]) => (a === b ? 0 : Buffer.compare(Buffer.from(a), Buffer.from(b))));
  return createHash('sha256')
    .update(entries.map(([, value]) => String(value)).join(''))
    .digest('hex');
}

export interface InitRecord {
  body: Record<string, unknown>;
  paymentId: number;
}

export interface FakeTbank {
  url: string;
  inits: InitRecord[];
  /** While true, Init answers 503 with an HTML page, as a gateway in trouble would. */
  outage: boolean;
  /** Requests refused by the fake, with the reason it gave. */
  refused: string[];
  /** Sends a signed notification for an order to the NotificationURL it was given. */
  notify(
    orderId: string,
    status: string,
    overrides?: Record<string, unknown>,
    options?: { password?: string },
  ): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

export async function startFakeTbank(terminalKey: string, password: string): Promise<FakeTbank> {
  const inits: InitRecord[] = [];
  const refused: string[] = [];
  let nextPaymentId = 3_093_639_567;
  let baseUrl = '';
  const state = { outage: false };
  const server = await startFakeServer((request, raw, response) => {
    if (state.outage) {
      response.writeHead(503, { 'content-type': 'text/html' }).end('<h1>503</h1>');
      return;
    }
    if (request.method !== 'POST' || request.url !== '/v2/Init') {
      return sendJson(response, 404, { Success: false, ErrorCode: '404', Message: 'Not found' });
    }
    if (!String(request.headers['content-type']).startsWith('application/json')) {
      refused.push('content-type');
      return sendJson(response, 200, { Success: false, ErrorCode: '9999', Message: 'JSON only' });
    }
    const body = JSON.parse(raw) as Record<string, unknown>;
    const problems: string[] = [];
    if (body.TerminalKey !== terminalKey) problems.push('TerminalKey');
    if (!Number.isInteger(body.Amount) || (body.Amount as number) <= 0) problems.push('Amount');
    if (typeof body.OrderId !== 'string' || body.OrderId.length > 36) problems.push('OrderId');
    if (typeof body.Description !== 'string' || body.Description.length > 140)
      problems.push('Description');
    for (const url of ['NotificationURL', 'SuccessURL', 'FailURL']) {
      if (typeof body[url] !== 'string' || !/^https?:\/\//.test(body[url] as string))
        problems.push(url);
    }
    if (body.Token !== documentedToken(body, password)) problems.push('Token');
    if (problems.length > 0) {
      refused.push(problems.join(','));
      return sendJson(response, 200, {
        Success: false,
        ErrorCode: problems.includes('Token') ? '204' : '9999',
        Message: 'Неверные параметры',
        Details: problems.join(', '),
      });
    }
    const paymentId = nextPaymentId++;
    inits.push({ body, paymentId });
    sendJson(response, 200, {
      Success: true,
      ErrorCode: '0',
      TerminalKey: terminalKey,
      Status: 'NEW',
      PaymentId: String(paymentId),
      OrderId: body.OrderId,
      Amount: body.Amount,
      PaymentURL: `${baseUrl}/new/${paymentId}`,
    });
  });
  baseUrl = server.url;

  return {
    url: server.url,
    inits,
    get outage() {
      return state.outage;
    },
    set outage(value: boolean) {
      state.outage = value;
    },
    refused,
    async notify(orderId, status, overrides = {}, options = {}) {
      const init = [...inits].reverse().find((record) => record.body.OrderId === orderId);
      if (!init) throw new Error(`No Init for order ${orderId}`);
      const success = !['REJECTED', 'AUTH_FAIL'].includes(status);
      const notification: Record<string, unknown> = {
        TerminalKey: terminalKey,
        OrderId: orderId,
        Success: success,
        Status: status,
        PaymentId: init.paymentId,
        ErrorCode: success ? '0' : '1051',
        Amount: init.body.Amount,
        CardId: 322264,
        Pan: '430000******0777',
        ExpDate: '1130',
        ...overrides,
      };
      notification.Token = documentedToken(notification, options.password ?? password);
      const response = await fetch(String(init.body.NotificationURL), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(notification),
      });
      return { status: response.status, body: await response.text() };
    },
    close: server.close,
  };
}
