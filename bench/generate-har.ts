/** A synthetic, Chrome-shaped HAR for the traffic bench and the import dialog's tests. */

/** A deterministic Chrome-shaped HAR of `entries` API calls of about `targetBytes` in all. */
export function generateHar(entries: number, targetBytes: number): string {
  const resources = [
    'users',
    'orders',
    'products',
    'invoices',
    'teams',
    'projects',
    'tickets',
    'comments',
  ];
  const perEntry = Math.floor(targetBytes / entries) - 1500;
  const list: unknown[] = [];
  let seed = 7;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  for (let i = 0; i < entries; i++) {
    const resource = resources[i % resources.length] as string;
    const id = 1000 + Math.floor(rand() * 90000);
    const kind = Math.floor(i / resources.length) % 4;
    const url =
      kind === 0
        ? `https://api.example.com/v1/${resource}?page=${1 + (i % 9)}&access_token=tok${i}`
        : kind === 1
          ? `https://api.example.com/v1/${resource}/${id}`
          : kind === 2
            ? `https://api.example.com/v1/${resource}/${id}/history`
            : `https://api.example.com/v1/${resource}`;
    const method = kind === 3 ? 'POST' : 'GET';
    const item = (n: number) => ({
      id: n,
      name: `${resource} ${n}`,
      email: `user${n}@example.com`,
      createdAt: '2026-01-02T03:04:05Z',
      score: rand() * 100,
      active: rand() > 0.5,
      tags: ['a', 'b', 'c'].slice(0, 1 + (n % 3)),
      owner: n % 5 === 0 ? null : { id: n + 1, login: `owner${n}` },
      note: 'x'.repeat(40 + (n % 60)),
      [`${resource}Code`]: `${resource.slice(0, 3).toUpperCase()}-${n}`,
    });
    const items: unknown[] = [];
    let text = '';
    for (let n = 0; text.length < perEntry - 1800; n++) {
      items.push(item(id + n));
      if (n % 4 === 3) text = JSON.stringify({ items, page: 1 });
    }
    text = JSON.stringify({ items, page: 1 });
    list.push({
      _resourceType: 'fetch',
      _priority: 'High',
      cache: {},
      connection: '443',
      request: {
        method,
        url,
        httpVersion: 'http/2.0',
        headers: [
          { name: ':authority', value: 'api.example.com' },
          { name: 'accept', value: 'application/json' },
          { name: 'authorization', value: `Bearer secret-${i}` },
          { name: 'user-agent', value: 'Mozilla/5.0 Chrome/131.0.0.0' },
          { name: 'x-request-id', value: `req-${i}` },
        ],
        queryString: [],
        cookies: [],
        headersSize: -1,
        bodySize: 0,
        ...(method === 'POST'
          ? { postData: { mimeType: 'application/json', text: JSON.stringify(item(id)) } }
          : {}),
      },
      response: {
        status: method === 'POST' ? 201 : 200,
        statusText: 'OK',
        httpVersion: 'http/2.0',
        headers: [
          { name: 'content-type', value: 'application/json; charset=utf-8' },
          { name: 'x-ratelimit-remaining', value: String(5000 - i) },
        ],
        cookies: [],
        content: { size: text.length, mimeType: 'application/json', text },
        redirectURL: '',
        headersSize: -1,
        bodySize: -1,
      },
      serverIPAddress: '203.0.113.10',
      startedDateTime: new Date(Date.UTC(2026, 10, 20, 9, 0, i)).toISOString(),
      time: 40,
      timings: { blocked: 1, dns: -1, ssl: -1, connect: -1, send: 0.2, wait: 38, receive: 0.8 },
    });
  }
  return JSON.stringify({
    log: {
      version: '1.2',
      creator: { name: 'WebInspector', version: '537.36' },
      pages: [],
      entries: list,
    },
  });
}
