import type { Config } from './config';
import type { DbHandle } from './db';
import type { Mailer } from './mail/mailer';
import type { PasswordHasher } from './plugins/passwords';
import type { TokenService } from './plugins/tokens';
import type { Repositories } from './repositories';

/** The signed-in caller, set by `app.authenticate`. */
export interface AuthUser {
  id: string;
  email: string;
  roles: string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: DbHandle;
    repos: Repositories;
    passwords: PasswordHasher;
    tokens: TokenService;
    mailer: Mailer;
    /** preHandler: sets `request.user` from the bearer access token or answers 401. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}
