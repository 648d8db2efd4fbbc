import fp from 'fastify-plugin';
import { createMailer } from '../mail/mailer';

/** Decorates `app.mailer` (SMTP when SMTP_URL is set, else the `.eml` outbox). */
export default fp(
  async (app) => {
    const mailer = createMailer({
      smtpUrl: app.config.smtpUrl,
      from: app.config.mailFrom,
      dataDir: app.config.dataDir,
      log: (line) => app.log.info(line),
    });
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => mailer.close());
  },
  { name: 'mailer', dependencies: ['config'] },
);
