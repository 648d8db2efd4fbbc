/**
 * Issue 31.9: a body is read as UTF-8 only. One that says it is in another charset
 * (`charset=iso-8859-1`) was decoded as UTF-8 without a word: 'é' in Latin-1 (0xE9) became a
 * 400 or, worse, text the client did not mean. Now such a body gets 415, whatever its type.
 */
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers';

const login = '/api/public/v1/auth/login';

describe('request bodies in a charset other than UTF-8 (issue 31.9)', () => {
  const t = useTestApp();
  const json = JSON.stringify({ email: 'nobody@example.com', password: 'wrongpass1' });

  const post = (url: string, contentType: string, payload: string | Buffer) =>
    t.app.inject({ method: 'POST', url, headers: { 'content-type': contentType }, payload });

  it.each([
    'application/json; charset=iso-8859-1',
    'application/json;charset=ISO-8859-1',
    'application/json; charset="windows-1251"',
    'application/json; CHARSET=latin1',
    'application/json; charset=utf-16',
    'application/json; charset=',
    'application/json; charset=utf-8; charset=koi8-r',
    'text/plain; charset=iso-8859-1',
    'application/x-www-form-urlencoded; charset=iso-8859-1',
  ])('%s → 415', async (contentType) => {
    const res = await post(login, contentType, json);
    expect(res.statusCode).toBe(415);
    expect(res.json<{ message: string }>().message).toMatch(/UTF-8/);
  });

  it('a Latin-1 body that would decode to other text is refused, not misread', async () => {
    const latin1 = Buffer.from(
      JSON.stringify({ email: 'andré@example.com', password: 'wrongpass1' }),
      'latin1',
    );
    const res = await post(login, 'application/json; charset=iso-8859-1', latin1);
    expect(res.statusCode).toBe(415);
  });

  it.each([
    'application/json',
    'application/json; charset=utf-8',
    'application/json; charset=UTF-8',
    'application/json;charset="utf-8"',
    'application/json; charset=utf8',
  ])('%s is read', async (contentType) => {
    expect((await post(login, contentType, json)).statusCode).toBe(401);
  });

  it('the sandbox payment form (urlencoded) refuses another charset too', async () => {
    const res = await post(
      '/sandbox/pay/00000000-0000-4000-8000-000000000000/pay',
      'application/x-www-form-urlencoded; charset=windows-1252',
      'a=b',
    );
    expect(res.statusCode).toBe(415);
  });
});

describe('payment notifications keep their own check (issue 31.9)', () => {
  const t = useTestApp();

  it('a notification is judged by its signature, whatever charset it names', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/public/v1/payments/sandbox/notify',
      headers: { 'content-type': 'application/json; charset=iso-8859-1' },
      payload: '{"orderId":"x"}',
    });
    expect(res.statusCode).not.toBe(415);
    expect(res.statusCode).toBeGreaterThanOrEqual(400); // unsigned
  });
});
