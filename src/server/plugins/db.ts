import fp from 'fastify-plugin';
import { migrate, openDb } from '../db';
import { createSpaceKeeper } from '../db/space';

/**
 * Opens the database (PostgreSQL or embedded PGlite), migrates it, closes it with the app. The
 * embedded database is locked while the server has it open (see db/lock.ts), and its disk space
 * is reclaimed by the server (`app.space`, see db/space.ts).
 */
export default fp(
  async (app) => {
    const db =
      app.config.database ??
      (await openDb(
        app.config,
        (error) => app.log.warn({ err: error }, 'database connection lost'),
        {
          role: 'server',
          takeForeign: true,
          onStale: (holder) =>
            app.log.warn({ holder }, 'taking over the lock of a process that is gone'),
        },
      ));
    app.decorate('db', db);
    const space = createSpaceKeeper(db, {
      ...app.config.reclaim,
      onError: (error) => app.log.warn({ err: error }, 'reclaiming disk space failed'),
    });
    app.decorate('space', space);
    app.addHook('onClose', async () => {
      await space.close();
      await db.close();
    });
    try {
      const applied = await migrate(db);
      if (applied.length > 0) app.log.info({ applied }, 'migrations applied');
    } catch (error) {
      await db.close();
      throw error;
    }
  },
  { name: 'db', dependencies: ['config'] },
);
