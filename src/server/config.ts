import path from 'node:path';
import type { DbHandle } from './db/db';

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
  /** Where PGlite keeps its files (`memory://` for a throwaway in-memory database). */
  embeddedDbPath: string;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  adminEmails: string[];
  redisUrl: string | undefined;
  tokenAudience: string;
  accessTokenTtlSeconds: number;
  refreshIdleSeconds: number;
  refreshAbsoluteSeconds: number;
  verificationTtlSeconds: number;
  operator: { name: string; supportEmail: string; taxNumber: string; registrationNumber: string };
  trustProxy: boolean;
  bodyLimitBytes: number;
  rateLimit: { windowSeconds: number; max: number; authMax: number };
  lockout: { threshold: number; baseSeconds: number; maxSeconds: number };
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
 * Reads and validates the environment (docs/server.md lists every variable). Throws one
 * ConfigError naming every bad value, so a misconfigured server stops at start with a clear
 * message instead of failing on the first request.
 */
export function loadConfig(env: Env = process.env): Config {
  const r = new Reader(env);
  const nodeEnv = r.string('NODE_ENV', 'development');
  const port = r.int('PORT', 8080, 0, 65535);
  const dataDir = path.resolve(r.string('DATA_DIR', './data'));
  const publicUrl = (
    r.url('PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${port}`
  ).replace(/\/+$/, '');
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
    production: nodeEnv === 'production',
    port,
    host: r.string('HOST', '0.0.0.0'),
    dataDir,
    databaseUrl: r.url('DATABASE_URL', ['postgres:', 'postgresql:']),
    databaseSchema: r.identifier('DATABASE_SCHEMA'),
    embeddedDbPath: path.join(dataDir, 'db'),
    publicUrl,
    smtpUrl: r.url('SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom,
    adminEmails,
    redisUrl: r.url('REDIS_URL', ['redis:', 'rediss:']),
    tokenAudience: r.string('TOKEN_AUDIENCE', 'specform'),
    accessTokenTtlSeconds: r.int('ACCESS_TOKEN_TTL_SECONDS', 300, 10, 86400),
    refreshIdleSeconds,
    refreshAbsoluteSeconds,
    verificationTtlSeconds: r.int('VERIFICATION_TTL_SECONDS', 86400, 60, 30 * 86400),
    operator: {
      name: r.string('OPERATOR_NAME', 'Individual Entrepreneur (not configured)'),
      supportEmail: r.email('OPERATOR_SUPPORT_EMAIL', 'support@example.com'),
      taxNumber: r.string('OPERATOR_TAX_NUMBER', '—'),
      registrationNumber: r.string('OPERATOR_REGISTRATION_NUMBER', '—'),
    },
    trustProxy: r.bool('TRUST_PROXY', false),
    bodyLimitBytes: r.int('BODY_LIMIT_BYTES', 64 * 1024, 1024, 10 * 1024 * 1024),
    rateLimit: {
      windowSeconds: r.int('RATE_LIMIT_WINDOW_SECONDS', 60, 1, 86400),
      max: r.int('RATE_LIMIT_MAX', 600, 1, 10_000_000),
      authMax: r.int('RATE_LIMIT_AUTH_MAX', 30, 1, 10_000_000),
    },
    lockout: {
      threshold: r.int('LOGIN_LOCKOUT_THRESHOLD', 5, 1, 1000),
      baseSeconds: r.int('LOGIN_LOCKOUT_BASE_SECONDS', 30, 1, 86400),
      maxSeconds: r.int('LOGIN_LOCKOUT_MAX_SECONDS', 900, 1, 86400),
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
  if (r.problems.length > 0) throw new ConfigError(r.problems);
  return config;
}
