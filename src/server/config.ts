import path from 'node:path';
import type { DbHandle } from './db/db';
import { MAX_PROJECT_BYTES } from '../shared/sizes';

/** OWASP minimum for argon2id (Password Storage Cheat Sheet): 19 MiB, 2 passes, 1 lane. */
export const ARGON2_MINIMUM = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export interface Argon2Params {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/** Everything the server reads from the environment, validated once at start. */
export interface Config {
  nodeEnv: string;
  production: boolean;
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL connection string; without it an embedded PGlite database is used. */
  databaseUrl: string | undefined;
  /** PostgreSQL schema to use (search_path); tests use a throwaway one. */
  databaseSchema: string | undefined;
  /** PostgreSQL: longest statement (server side), and how long to wait for any answer. */
  databaseStatementTimeoutMs: number;
  /** PostgreSQL: longest wait for a new connection. */
  databaseConnectTimeoutMs: number;
  /** Where PGlite keeps its files (`memory://` for a throwaway in-memory database). */
  embeddedDbPath: string;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  adminEmails: string[];
  redisUrl: string | undefined;
  /** Connect and command timeout of Redis: past it, limits are counted in process. */
  redisTimeoutMs: number;
  /** Prefix of the rate-limit keys in Redis (installations sharing one Redis). */
  redisKeyPrefix: string;
  tokenAudience: string;
  accessTokenTtlSeconds: number;
  refreshIdleSeconds: number;
  refreshAbsoluteSeconds: number;
  verificationTtlSeconds: number;
  /** How long a password-reset link works. */
  passwordResetTtlSeconds: number;
  /**
   * How long a "session is live" answer is trusted by `authenticate`: another instance sees a
   * logout within it.
   */
  sessionCacheSeconds: number;
  operator: {
    name: string;
    /** The name as written on the Russian pages (`OPERATOR_NAME_RU`); `name` when unset. */
    nameRu?: string;
    supportEmail: string;
    taxNumber: string;
    registrationNumber: string;
    /** True when the details are the built-in demo values (development without OPERATOR_NAME). */
    demo?: boolean;
  };
  trustProxy: boolean;
  bodyLimitBytes: number;
  /**
   * Saved projects: size of one project (UTF-8 bytes), projects per account, the
   * account's byte quota over projects plus history, and how many saves larger
   * than `largeWriteBytes` are written at once (the rest wait their turn, so that a burst of
   * large saves does not hold up everyone else's requests on the embedded database).
   */
  projects: {
    maxBytes: number;
    maxPerAccount: number;
    quotaBytes: number;
    largeWriteBytes: number;
    largeWrites: number;
  };
  /**
   * Embedded database only (db/space.ts): the project tables are vacuumed once
   * `afterBytes` of project text were written or released, the whole database every `everyMs`.
   */
  reclaim: { afterBytes: number; everyMs: number };
  rateLimit: { windowSeconds: number; max: number; authMax: number };
  lockout: {
    threshold: number;
    baseSeconds: number;
    maxSeconds: number;
    accountThreshold: number;
    resetSeconds: number;
  };
  argon2: Argon2Params;
  logLevel: string;
  /** Whether to log at all (tests turn it off). */
  logger: boolean;
  /** Create the demo account on first start: 'auto' = embedded database and not production. */
  demoAccount: 'auto' | boolean;
  /** An already-open database to use instead of opening one (tests); the app closes it. */
  database: DbHandle | undefined;
  /** Directory of the built web app to serve (server.ts sets it to dist/); none in tests. */
  staticDir: string | undefined;
  /** The clock in milliseconds; injectable so tests can move time. */
  now: () => number;
}

/** Thrown at start when an environment variable has a bad value. */
export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

class Reader {
  readonly problems: string[] = [];
  constructor(private readonly env: Env) {}

  raw(name: string): string | undefined {
    const value = this.env[name];
    return value === undefined || value.trim() === '' ? undefined : value.trim();
  }

  string(name: string, fallback: string): string {
    return this.raw(name) ?? fallback;
  }

  int(name: string, fallback: number, min: number, max: number): number {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    const parsed = Number(value);
    if (!/^-?\d+$/.test(value) || !Number.isSafeInteger(parsed) || parsed < min || parsed > max) {
      this.problems.push(`${name} must be an integer from ${min} to ${max} (got "${value}")`);
      return fallback;
    }
    return parsed;
  }

  bool(name: string, fallback: boolean): boolean {
    const value = this.raw(name)?.toLowerCase();
    if (value === undefined) return fallback;
    if (['1', 'true', 'yes', 'on'].includes(value)) return true;
    if (['0', 'false', 'no', 'off'].includes(value)) return false;
    this.problems.push(`${name} must be true or false (got "${value}")`);
    return fallback;
  }

  url(name: string, protocols: string[]): string | undefined {
    const value = this.raw(name);
    if (value === undefined) return undefined;
    try {
      const url = new URL(value);
      if (!protocols.includes(url.protocol)) throw new Error('protocol');
      return value;
    } catch {
      this.problems.push(
        `${name} must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')} (got "${redact(value)}")`,
      );
      return undefined;
    }
  }

  /** A PostgreSQL identifier (lower-case letters, digits, underscores). */
  identifier(name: string): string | undefined {
    const value = this.raw(name);
    if (value === undefined) return undefined;
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(value)) {
      this.problems.push(`${name} must be a lower-case SQL identifier (got "${value}")`);
      return undefined;
    }
    return value;
  }

  email(name: string, fallback: string): string {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    if (!EMAIL.test(value)) {
      this.problems.push(`${name} must be an e-mail address (got "${value}")`);
      return fallback;
    }
    return value;
  }
}

const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;

/** Hides the password part of a connection string in error messages. */
function redact(value: string): string {
  return value.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
}

/**
 * Demo operator details for a development install: filled, in both languages,
 * and flagged `demo` so the app marks them. Not real: the all-zero numbers are no valid INN/OGRNIP.
 */
export const DEMO_OPERATOR = {
  name: 'IP Ivanov Ivan Ivanovich',
  nameRu: 'ИП Иванов Иван Иванович',
  supportEmail: 'support@example.com',
  taxNumber: '000000000000',
  registrationNumber: '000000000000000',
} as const;

/**
 * Operator details: the OPERATOR_* variables; in development the demo values fill what is unset
 * unless OPERATOR_NAME is given; in production the unset ones say "not configured".
 */
function operatorSettings(r: Reader, production: boolean): Config['operator'] {
  const demo = !production && r.raw('OPERATOR_NAME') === undefined;
  if (demo) {
    return {
      name: DEMO_OPERATOR.name,
      nameRu: r.string('OPERATOR_NAME_RU', DEMO_OPERATOR.nameRu),
      supportEmail: r.email('OPERATOR_SUPPORT_EMAIL', DEMO_OPERATOR.supportEmail),
      taxNumber: r.string('OPERATOR_TAX_NUMBER', DEMO_OPERATOR.taxNumber),
      registrationNumber: r.string(
        'OPERATOR_REGISTRATION_NUMBER',
        DEMO_OPERATOR.registrationNumber,
      ),
      demo: true,
    };
  }
  const name = r.string('OPERATOR_NAME', 'Individual Entrepreneur (not configured)');
  return {
    name,
    nameRu: r.string('OPERATOR_NAME_RU', name),
    supportEmail: r.email('OPERATOR_SUPPORT_EMAIL', 'support@example.com'),
    taxNumber: r.string('OPERATOR_TAX_NUMBER', '—'),
    registrationNumber: r.string('OPERATOR_REGISTRATION_NUMBER', '—'),
    demo: false,
  };
}

/**
 * Reads and validates the environment (docs/server.md lists every variable). Throws one
 * ConfigError naming every bad value, so a misconfigured server stops at start with a clear
 * message instead of failing on the first request.
 */
export function loadConfig(env: Env = process.env): Config {
  const r = new Reader(env);
  const nodeEnv = r.string('NODE_ENV', 'development');
  const port = r.int('PORT', 8080, 0, 65535);
  const dataDir = path.resolve(r.string('DATA_DIR', './data'));
  const production = nodeEnv === 'production';
  const givenPublicUrl = r.url('PUBLIC_URL', ['http:', 'https:']);
  if (production && r.raw('PUBLIC_URL') === undefined) {
    // Links in e-mails and the token issuer would name localhost.
    r.problems.push(
      'PUBLIC_URL must be set in production (e.g. https://specform.example.com): e-mail links and the token issuer use it',
    );
  }
  const publicUrl = (givenPublicUrl ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const mailFrom = r.raw('MAIL_FROM') ?? 'Specform <no-reply@localhost>';
  if (!/@/.test(mailFrom)) r.problems.push(`MAIL_FROM must contain an e-mail address`);
  const adminEmails = (r.raw('ADMIN_EMAILS') ?? '')
    .split(/[,;\s]+/)
    .filter(Boolean)
    .map((email) => email.toLowerCase());
  for (const email of adminEmails) {
    if (!EMAIL.test(email))
      r.problems.push(`ADMIN_EMAILS contains a bad e-mail address "${email}"`);
  }
  const refreshIdleSeconds = r.int('REFRESH_IDLE_SECONDS', 7 * 86400, 60, 365 * 86400);
  const refreshAbsoluteSeconds = r.int('REFRESH_ABSOLUTE_SECONDS', 30 * 86400, 60, 3650 * 86400);
  if (refreshAbsoluteSeconds < refreshIdleSeconds) {
    r.problems.push('REFRESH_ABSOLUTE_SECONDS must not be smaller than REFRESH_IDLE_SECONDS');
  }
  const logLevel = r.string('LOG_LEVEL', 'info');
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    r.problems.push(`LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent`);
  }

  const config: Config = {
    nodeEnv,
    production,
    port,
    host: r.string('HOST', '0.0.0.0'),
    dataDir,
    databaseUrl: r.url('DATABASE_URL', ['postgres:', 'postgresql:']),
    databaseSchema: r.identifier('DATABASE_SCHEMA'),
    databaseStatementTimeoutMs: r.int('DATABASE_STATEMENT_TIMEOUT_MS', 5000, 100, 3_600_000),
    databaseConnectTimeoutMs: r.int('DATABASE_CONNECT_TIMEOUT_MS', 3000, 100, 600_000),
    embeddedDbPath: path.join(dataDir, 'db'),
    publicUrl,
    smtpUrl: r.url('SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom,
    adminEmails,
    redisUrl: r.url('REDIS_URL', ['redis:', 'rediss:']),
    redisTimeoutMs: r.int('REDIS_TIMEOUT_MS', 500, 50, 60_000),
    redisKeyPrefix: r.string('REDIS_KEY_PREFIX', 'specform-rl:'),
    tokenAudience: r.string('TOKEN_AUDIENCE', 'specform'),
    accessTokenTtlSeconds: r.int('ACCESS_TOKEN_TTL_SECONDS', 300, 10, 86400),
    refreshIdleSeconds,
    refreshAbsoluteSeconds,
    verificationTtlSeconds: r.int('VERIFICATION_TTL_SECONDS', 86400, 60, 30 * 86400),
    passwordResetTtlSeconds: r.int('PASSWORD_RESET_TTL_SECONDS', 3600, 60, 86400),
    sessionCacheSeconds: r.int('SESSION_CACHE_SECONDS', 5, 0, 300),
    operator: operatorSettings(r, nodeEnv === 'production'),
    trustProxy: r.bool('TRUST_PROXY', false),
    bodyLimitBytes: r.int('BODY_LIMIT_BYTES', 64 * 1024, 1024, 10 * 1024 * 1024),
    projects: {
      maxBytes: r.int('PROJECT_MAX_BYTES', MAX_PROJECT_BYTES, 1024, 100 * 1024 * 1024),
      maxPerAccount: r.int('PROJECTS_PER_ACCOUNT', 100, 1, 100_000),
      quotaBytes: r.int('PROJECT_QUOTA_BYTES', 200 * 1024 * 1024, 1024, 1024 * 1024 * 1024 * 1024),
      largeWriteBytes: r.int('PROJECT_LARGE_WRITE_BYTES', 1024 * 1024, 1024, 1024 * 1024 * 1024),
      largeWrites: r.int('PROJECT_LARGE_WRITES', 1, 1, 64),
    },
    reclaim: { afterBytes: 8 * 1024 * 1024, everyMs: 15 * 60_000 },
    rateLimit: {
      windowSeconds: r.int('RATE_LIMIT_WINDOW_SECONDS', 60, 1, 86400),
      max: r.int('RATE_LIMIT_MAX', 600, 1, 10_000_000),
      authMax: r.int('RATE_LIMIT_AUTH_MAX', 30, 1, 10_000_000),
    },
    lockout: {
      threshold: r.int('LOGIN_LOCKOUT_THRESHOLD', 5, 1, 1000),
      baseSeconds: r.int('LOGIN_LOCKOUT_BASE_SECONDS', 30, 1, 86400),
      maxSeconds: r.int('LOGIN_LOCKOUT_MAX_SECONDS', 900, 1, 86400),
      accountThreshold: r.int('LOGIN_LOCKOUT_ACCOUNT_THRESHOLD', 50, 1, 100_000),
      resetSeconds: r.int('LOGIN_FAILURE_RESET_SECONDS', 12 * 3600, 60, 30 * 86400),
    },
    argon2: {
      memoryCost: r.int(
        'ARGON2_MEMORY_KIB',
        ARGON2_MINIMUM.memoryCost,
        ARGON2_MINIMUM.memoryCost,
        4194304,
      ),
      timeCost: r.int('ARGON2_TIME_COST', ARGON2_MINIMUM.timeCost, ARGON2_MINIMUM.timeCost, 100),
      parallelism: r.int('ARGON2_PARALLELISM', ARGON2_MINIMUM.parallelism, 1, 16),
    },
    logLevel,
    logger: true,
    demoAccount: 'auto',
    database: undefined,
    staticDir: undefined,
    now: () => Date.now(),
  };
  if (config.lockout.accountThreshold < config.lockout.threshold) {
    r.problems.push(
      'LOGIN_LOCKOUT_ACCOUNT_THRESHOLD must not be smaller than LOGIN_LOCKOUT_THRESHOLD',
    );
  }
  if (r.problems.length > 0) throw new ConfigError(r.problems);
  return config;
}
