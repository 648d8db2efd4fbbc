import type { Db } from '../db';
import { createAppStateRepository } from './app-state-repository';
import { createRefreshRepository } from './refresh-repository';
import { createUsersRepository } from './users-repository';
import { createVerificationRepository } from './verification-repository';

/** Every repository of the accounts side, built on one Db (tests can call this directly). */
export function createRepositories(db: Db) {
  return {
    users: createUsersRepository(db),
    verifications: createVerificationRepository(db),
    refresh: createRefreshRepository(db),
    appState: createAppStateRepository(db),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
