import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { MailContent } from './templates';

export interface OutgoingMail extends MailContent {
  to: string;
  /** The one link that matters (logged in outbox mode, sent as X-Specform-Link). */
  link?: string;
}

export interface Mailer {
  /** `smtp` sends through SMTP_URL; `outbox` writes `.eml` files under DATA_DIR/outbox. */
  readonly mode: 'smtp' | 'outbox';
  readonly outboxDir: string;
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  log: (line: string) => void;
}

/** Nodemailer over SMTP, or `.eml` files in the outbox when no SMTP server is configured. */
export function createMailer(options: MailerOptions): Mailer {
  const outboxDir = path.join(options.dataDir, 'outbox');
  const transport = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  const message = (mail: OutgoingMail) => ({
    from: options.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: mail.link ? { 'X-Specform-Link': mail.link } : undefined,
  });

  if (options.smtpUrl) {
    return {
      mode: 'smtp',
      outboxDir,
      async send(mail) {
        await transport.sendMail(message(mail));
      },
      close: () => transport.close(),
    };
  }
  return {
    mode: 'outbox',
    outboxDir,
    async send(mail) {
      const info = (await transport.sendMail(message(mail))) as { message: Buffer };
      await mkdir(outboxDir, { recursive: true });
      const safeTo = mail.to.replace(/[^A-Za-z0-9@._-]/g, '_');
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}-${randomBytes(4).toString('hex')}.eml`;
      await writeFile(path.join(outboxDir, name), info.message);
      options.log(`Mail to ${mail.to}: ${mail.link ?? '(no link)'}`);
    },
    close: () => transport.close(),
  };
}
