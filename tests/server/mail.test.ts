import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../src/server/mail/mailer';
import { verificationMail } from '../../src/server/mail/templates';
import { buildTestApp, decodeQuotedPrintable, newUser, readOutbox } from './helpers';

interface Received {
  from: string;
  to: string[];
  data: string;
}

describe('mail over SMTP (a real SMTP peer on loopback)', () => {
  const received: Received[] = [];
  let server: SMTPServer;
  let port = 0;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            data: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('sends the bilingual verification e-mail of a sign-up through SMTP_URL', async () => {
    const t = await buildTestApp({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      mailFrom: 'Specform <robot@specform.test>',
    });
    try {
      const form = newUser();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/public/v1/registration',
        payload: form,
      });
      expect(res.statusCode).toBe(200);
      const mail = received.find((m) => m.to.includes(form.email));
      expect(mail).toBeDefined();
      expect(mail!.from).toBe('robot@specform.test');
      const body = decodeQuotedPrintable(mail!.data);
      expect(body).toMatch(/http:\/\/specform\.test\/emailverification\/[A-Za-z0-9_-]{43}/);
      expect(mail!.data.replace(/\r?\n[ \t]+/g, ' ')).toMatch(
        /X-Specform-Link: http:\/\/specform\.test\/emailverification\//,
      );
      expect(mail!.data).toMatch(/text\/plain/);
      expect(mail!.data).toMatch(/text\/html/);
      // Nothing goes to the outbox when SMTP is configured.
      expect(await readOutbox(t.dataDir)).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('rejects when no SMTP server answers', async () => {
    const mailer = createMailer({
      smtpUrl: 'smtp://127.0.0.1:1',
      from: 'a@b.cd',
      dataDir: '/nonexistent',
      log: () => undefined,
    });
    await expect(
      mailer.send({ to: 'x@example.com', ...verificationMail('X', 'http://l', 24) }),
    ).rejects.toThrow();
    mailer.close();
  });
});

describe('mail without SMTP (the outbox)', () => {
  const t = { dataDir: '' };
  beforeAll(async () => {
    t.dataDir = await mkdtemp(path.join(os.tmpdir(), 'specform-outbox-'));
  });
  afterAll(async () => {
    await rm(t.dataDir, { recursive: true, force: true });
  });

  it('writes an .eml with both languages and logs "Mail to <address>: <link>"', async () => {
    const lines: string[] = [];
    const mailer = createMailer({
      smtpUrl: undefined,
      from: 'Specform <no-reply@localhost>',
      dataDir: t.dataDir,
      log: (line) => lines.push(line),
    });
    await mailer.send({
      to: 'anna@example.com',
      link: 'http://specform.test/emailverification/abc',
      ...verificationMail('Анна', 'http://specform.test/emailverification/abc', 24),
    });
    expect(lines).toEqual(['Mail to anna@example.com: http://specform.test/emailverification/abc']);
    const [mail] = await readOutbox(t.dataDir, 'anna@example.com');
    expect(mail!.file).toMatch(/anna@example\.com.*\.eml$/);
    expect(mail!.subject).toBe('Specform: confirm your e-mail / подтвердите e-mail');
    expect(mail!.link).toBe('http://specform.test/emailverification/abc');
    const text = decodeQuotedPrintable(mail!.raw);
    expect(Buffer.from(text, 'latin1').toString('utf8')).toMatch(/Подтвердите адрес/);
    expect(text).toMatch(/Please confirm your e-mail address/);
  });
});
