import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

export interface FakeServer {
  url: string;
  close(): Promise<void>;
}

/** A loopback HTTP server whose handler gets the raw body; for the providers' fakes. */
export async function startFakeServer(
  handle: (request: IncomingMessage, rawBody: string, response: ServerResponse) => void,
): Promise<FakeServer> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      try {
        handle(request, Buffer.concat(chunks).toString('utf8'), response);
      } catch (error) {
        response.writeHead(500).end(String(error));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}
