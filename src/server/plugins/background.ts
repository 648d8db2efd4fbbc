import fp from 'fastify-plugin';

/**
 * Work done after the answer has gone out. The account routes whose answer must not depend on
 * whether an address has an account (forgot password, resend the verification link) look the
 * address up and send the mail here, so they also take the same time either way (OWASP Forgot
 * Password Cheat Sheet). Closing the app waits for it; a failure is logged.
 */
export function createBackgroundTasks(logError: (error: unknown, name: string) => void) {
  const pending = new Set<Promise<void>>();
  /** The last task of each key: tasks with one key run one after another. */
  const lanes = new Map<string, Promise<void>>();
  return {
    /** Runs `task` soon; tasks with the same `key` (e.g. an e-mail address) never overlap. */
    run(name: string, task: () => Promise<void>, key?: string): void {
      const before = (key !== undefined && lanes.get(key)) || Promise.resolve();
      const promise: Promise<void> = before
        .then(task)
        .catch((error: unknown) => logError(error, name))
        .finally(() => {
          pending.delete(promise);
          if (key !== undefined && lanes.get(key) === promise) lanes.delete(key);
        });
      pending.add(promise);
      if (key !== undefined) lanes.set(key, promise);
    },

    /** Resolves when no task is running (tests; closing the app). */
    async idle(): Promise<void> {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}

export type BackgroundTasks = ReturnType<typeof createBackgroundTasks>;

export default fp(
  async (app) => {
    const tasks = createBackgroundTasks((error, name) =>
      app.log.error({ err: error }, `${name} failed`),
    );
    app.decorate('background', tasks);
    app.addHook('onClose', async () => tasks.idle());
  },
  { name: 'background', dependencies: ['db', 'mailer'] },
);
