import { type Algorithm, hash, verify } from '@node-rs/argon2';
import os from 'node:os';
import fp from 'fastify-plugin';
import type { Argon2Params } from '../config';

/** The parameters of an argon2 PHC string (`$argon2id$v=19$m=19456,t=2,p=1$salt$hash`). */
export interface PhcParams extends Argon2Params {
  algorithm: string;
  version: number;
}

/** Reads algorithm, version and m/t/p from a PHC string; undefined when it is not one. */
export function parsePhc(phc: string): PhcParams | undefined {
  const match =
    /^\$(argon2(?:id|i|d))\$v=(\d+)\$m=(\d+),t=(\d+),p=(\d+)\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/.exec(
      phc,
    );
  if (!match) return undefined;
  return {
    algorithm: match[1]!,
    version: Number(match[2]),
    memoryCost: Number(match[3]),
    timeCost: Number(match[4]),
    parallelism: Number(match[5]),
  };
}

/** `Algorithm.Argon2id` (an ambient const enum, not importable as a value). */
const ARGON2ID = 2 as Algorithm;

export interface PasswordHasher {
  readonly params: Argon2Params;
  hash(password: string): Promise<string>;
  /** False for a wrong password or a malformed hash (never throws for those). */
  verify(phc: string, password: string): Promise<boolean>;
  /** Costs one verification, as a real one would: used when the e-mail is unknown. */
  verifyDummy(password: string): Promise<void>;
  /** True when the stored hash is weaker than (or different from) the current parameters. */
  needsRehash(phc: string): boolean;
}

/**
 * At most this many hashes run at once. argon2 runs on libuv's thread pool (4 threads), which
 * WebCrypto (token signing) and file I/O share: a burst of logins must queue here, in JS,
 * rather than fill the pool and stall every other request behind it.
 */
export const MAX_CONCURRENT_HASHES = Math.max(1, Math.min(2, os.availableParallelism()));

/** A counting semaphore. */
function limiter(max: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}

/** argon2id hashing with configurable parameters (OWASP minimum by default). */
export async function createPasswordHasher(params: Argon2Params): Promise<PasswordHasher> {
  const options = { algorithm: ARGON2ID, ...params, outputLen: 32 };
  const limit = limiter(MAX_CONCURRENT_HASHES);
  const dummy = await hash('dummy-password-for-timing', options);
  const hasher: PasswordHasher = {
    params,
    hash: (password) => limit(() => hash(password, options)),
    verify: async (phc, password) => {
      try {
        return await limit(() => verify(phc, password));
      } catch {
        return false;
      }
    },
    verifyDummy: async (password) => {
      await hasher.verify(dummy, password);
    },
    needsRehash: (phc) => {
      const parsed = parsePhc(phc);
      return (
        !parsed ||
        parsed.algorithm !== 'argon2id' ||
        parsed.memoryCost < params.memoryCost ||
        parsed.timeCost < params.timeCost ||
        parsed.parallelism < params.parallelism
      );
    },
  };
  return hasher;
}

export default fp(
  async (app) => {
    app.decorate('passwords', await createPasswordHasher(app.config.argon2));
  },
  { name: 'passwords', dependencies: ['config'] },
);
