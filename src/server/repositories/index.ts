import type { Db } from '../db';
import { createAppStateRepository } from './app-state-repository';
import { createPasswordResetRepository } from './password-reset-repository';
import { createProjectsRepository } from './projects-repository';
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
    passwordResets: createPasswordResetRepository(db),
    projects: createProjectsRepository(db),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
