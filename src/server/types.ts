import type { Config } from './config';
import type { BackgroundTasks } from './plugins/background';
import type { DbHandle } from './db';
import type { SpaceKeeper } from './db/space';
import type { Mailer } from './mail/mailer';
import type { PasswordHasher } from './plugins/passwords';
import type { SessionCache } from './plugins/session-cache';
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
    /** Embedded database: VACUUM and CHECKPOINT after churn and on a schedule (disk comes back). */
    space: SpaceKeeper;
    repos: Repositories;
    passwords: PasswordHasher;
    tokens: TokenService;
    /** Whether an access token's session is live; revocations in this process apply at once. */
    sessions: SessionCache;
    mailer: Mailer;
    /** Work done after the answer (account mails whose answer must not reveal an account). */
    background: BackgroundTasks;
    /** preHandler: sets `request.user` from the bearer access token or answers 401. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}
