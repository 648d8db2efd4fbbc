import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { language } from '../../messages';
import type { ProjectWrite } from '../../repositories/projects-repository';
import type { IncomingMessage } from 'node:http';
import {
  countOperations,
  EDIT_SESSION_MAX,
  HISTORY_DAYS,
  PROJECT_NAME_MAX,
  REVISION_NAME_MAX,
  REVISION_REASONS,
  RULESET_MAX_BYTES,
  RULESET_STALE,
  RULESET_TOO_LARGE,
  type ProjectLimits,
  type ProjectRuleset,
  type ProjectRevisionSummary,
  type ProjectSummary,
  type RevisionReason,
} from '../../../shared/projects';
import { ErrorResponses } from '../schemas';

/**
 * Saved projects under `/api/v1/customer/projects`, bearer auth. Every save names the
 * revision it is based on (`If-Match: "<revision>"`); a stale one answers 412 with the current
 * revision. Reading never needs a subscription; creating and changing do (402), like Generate.
 *
 * History: autosaves of one editing session within a few minutes are one version;
 * any other `revisionReason` starts a new one; named versions are never pruned, unnamed ones
 * after {@link HISTORY_DAYS} days or when the account's byte quota needs room.
 * A body over the size limit is answered 413 with a message after the body has been read to
 * its end (a closed connection would look like "offline" to the app, which retries).
 */

const MESSAGES = {
  notFound: { en: 'Project not found.', ru: 'Проект не найден.' },
  tooLarge: {
    en: 'The project is too large: at most {limit} can be saved. Nothing was changed.',
    ru: 'Проект слишком большой: можно сохранить не больше {limit}. Ничего не изменено.',
  },
  tooMany: {
    en: 'You already have {limit} projects, the most an account can hold. Delete one to make room.',
    ru: 'У вас уже {limit} проектов — больше в одной учётной записи нельзя. Удалите один, чтобы освободить место.',
  },
  subscription: {
    en: 'Your subscription is not active: projects can be opened and downloaded, but not created or changed.',
    ru: 'Подписка не активна: проекты можно открывать и скачивать, но не создавать и не менять.',
  },
  stale: {
    en: 'The project was changed elsewhere (another tab or device) since this version was loaded.',
    ru: 'Проект изменён в другом месте (другая вкладка или устройство) после загрузки этой версии.',
  },
  preconditionRequired: {
    en: 'Saving needs the If-Match header with the revision the change is based on.',
    ru: 'Для сохранения нужен заголовок If-Match с ревизией, на которой основано изменение.',
  },
  badName: {
    en: 'The project name must not be empty.',
    ru: 'Название проекта не должно быть пустым.',
  },
  tooDeep: {
    en: 'The view state is nested too deeply.',
    ru: 'Состояние формы вложено слишком глубоко.',
  },
  copySuffix: { en: ' (copy)', ru: ' (копия)' },
  rulesetTooLarge: {
    en: 'The ruleset is too large: at most {limit} can be saved. Nothing was changed.',
    ru: 'Набор правил слишком большой: можно сохранить не больше {limit}. Ничего не изменено.',
  },
  rulesetStale: {
    en: 'The ruleset was changed elsewhere (another tab or device) since it was loaded.',
    ru: 'Набор правил изменён в другом месте (другая вкладка или устройство) после загрузки.',
  },
  quota: {
    en: 'Your projects and their history would take more than the {limit} your account can store. Delete a project or remove names from old versions, then save again. Nothing was changed.',
    ru: 'Проекты и их история заняли бы больше {limit} — столько может хранить одна учётная запись. Удалите проект или снимите имена со старых версий и сохраните снова. Ничего не изменено.',
  },
} as const;

type Key = keyof typeof MESSAGES;

function text(request: FastifyRequest, key: Key, limit?: string): string {
  const template: string = MESSAGES[key][language(request)];
  return limit === undefined ? template : template.replace('{limit}', limit);
}

/** "10 MiB", "512 KiB" — the limit as the user reads it. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${+(bytes / (1024 * 1024)).toFixed(1)} MiB`;
  if (bytes >= 1024) return `${+(bytes / 1024).toFixed(1)} KiB`;
  return `${bytes} B`;
}

/** Bytes of an over-limit body read (and thrown away) so that the 413 answer reaches the client. */
const DRAIN_MAX_BYTES = 256 * 1024 * 1024;
const DRAIN_TIMEOUT_MS = 60_000;

/**
 * Reads the rest of a refused body and throws it away. Answering before the client has sent
 * its body makes Node close the connection, and a browser then reports a network failure
 * instead of the answer. Resolves false when the body is endless (or too slow): then the
 * connection is closed after all.
 */
function drain(raw: IncomingMessage): Promise<boolean> {
  if (raw.complete || raw.readableEnded) return Promise.resolve(true);
  return new Promise((resolve) => {
    let seen = 0;
    const finish = (ok: boolean) => {
      clearTimeout(timer);
      raw.off('data', onData);
      raw.off('end', onEnd);
      raw.off('error', onFail);
      raw.off('close', onClose);
      resolve(ok);
    };
    const onData = (chunk: Buffer | string) => {
      seen += chunk.length;
      if (seen > DRAIN_MAX_BYTES) finish(false);
    };
    const onEnd = () => finish(true);
    const onFail = () => finish(false);
    const onClose = () => finish(raw.complete);
    const timer = setTimeout(onFail, DRAIN_TIMEOUT_MS);
    raw.on('data', onData);
    raw.on('end', onEnd);
    raw.on('error', onFail);
    raw.on('close', onClose);
    raw.resume();
  });
}

/**
 * At most `limit` jobs at once, the rest in arrival order. Large saves go through one: on the
 * embedded database every query waits for the one before it, so eight concurrent 10 MiB saves
 * queued ahead of another user's list made it wait seconds.
 */
export class Gate {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly limit: number) {}

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.active += 1;
    }
    try {
      return await job();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active -= 1;
    }
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Deepest view state accepted (the form's schemas reach ~300 levels; PostgreSQL's jsonb parser is recursive). */
const MAX_VIEW_STATE_DEPTH = 1000;

/** The entity tag of a revision. */
export const etag = (revision: number): string => `"${revision}"`;

/**
 * The revisions an `If-Match` header names: undefined for `*` (any), [] when none is ours
 * (weak tags never match: If-Match compares strongly), null when the header is missing.
 */
export function parseIfMatch(header: string | string[] | undefined): number[] | undefined | null {
  if (header === undefined) return null;
  const value = Array.isArray(header) ? header.join(',') : header;
  if (value.trim() === '') return null;
  if (value.trim() === '*') return undefined;
  const revisions: number[] = [];
  for (const part of value.split(',')) {
    const match = /^\s*"?(\d{1,9})"?\s*$/.exec(part);
    if (match) revisions.push(Number(match[1]));
  }
  return revisions;
}

function viewStateDepthOk(value: unknown): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (!node || typeof node !== 'object') continue;
    if (depth > MAX_VIEW_STATE_DEPTH) return false;
    for (const child of Object.values(node)) {
      if (child && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return true;
}

const IdParams = {
  type: 'object',
  properties: { id: { type: 'string', maxLength: 64 } },
  required: ['id'],
} as const;

/** A project's id and one of its revisions, as the revision routes take them. */
const RevisionParams = {
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 64 },
    revision: { type: 'string', pattern: '^[0-9]{1,9}$' },
  },
  required: ['id', 'revision'],
} as const;

const SummarySchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    endpointCount: { type: 'integer' },
    size: { type: 'integer' },
    revision: { type: 'integer' },
    updatedAt: { type: 'string' },
  },
  required: ['id', 'name', 'endpointCount', 'size', 'revision', 'updatedAt'],
} as const;

const CreatedSchema = {
  type: 'object',
  properties: { id: { type: 'string' }, revision: { type: 'integer' } },
  required: ['id', 'revision'],
} as const;

const StaleSchema = {
  type: 'object',
  properties: { message: { type: 'string' }, revision: { type: 'integer' } },
  required: ['message', 'revision'],
} as const;

const NameSchema = { type: 'string', minLength: 1, maxLength: PROJECT_NAME_MAX } as const;

/** A ruleset in a body: YAML text (its byte size is checked apart), or null for the default. */
const RulesetSchema = { type: ['string', 'null'] } as const;

const RulesetResponseSchema = {
  type: 'object',
  properties: { ruleset: { type: ['string', 'null'] }, rulesetRevision: { type: 'integer' } },
  required: ['ruleset', 'rulesetRevision'],
} as const;

const StaleRulesetSchema = {
  type: 'object',
  properties: {
    message: { type: 'string' },
    code: { type: 'string' },
    ruleset: { type: ['string', 'null'] },
    rulesetRevision: { type: 'integer' },
  },
  required: ['message', 'code', 'ruleset', 'rulesetRevision'],
} as const;

const CodedErrorSchema = {
  type: 'object',
  properties: { message: { type: 'string' }, code: { type: 'string' } },
  required: ['message'],
} as const;

const RevisionSchema = {
  type: 'object',
  properties: {
    revision: { type: 'integer' },
    size: { type: 'integer' },
    createdAt: { type: 'string' },
    savedAt: { type: 'string' },
    reason: { type: 'string' },
    name: { type: ['string', 'null'] },
  },
  required: ['revision', 'size', 'createdAt', 'savedAt', 'reason', 'name'],
} as const;

const RevisionNameSchema = {
  type: 'object',
  properties: { revision: { type: 'integer' }, name: { type: ['string', 'null'] } },
  required: ['revision', 'name'],
} as const;

const QuotaSchema = {
  type: 'object',
  properties: {
    message: { type: 'string' },
    code: { type: 'string' },
    usedBytes: { type: 'integer' },
    quotaBytes: { type: 'integer' },
  },
  required: ['message'],
} as const;

interface IdRoute {
  Params: { id: string };
}

const projectRoutes: FastifyPluginAsync = async (app) => {
  const { maxBytes, maxPerAccount, quotaBytes, largeWriteBytes, largeWrites } = app.config.projects;
  const gate = new Gate(largeWrites);
  /**
   * Runs a write; large ones take their turn at the gate. Whatever its outcome, its bytes count
   * towards the next reclaim of disk space: a folded save releases the version's
   * old texts, a refused large save its upload, and any save may prune old versions.
   */
  const writing = async <T>(size: number, job: () => Promise<T>): Promise<T> => {
    try {
      return await (size > largeWriteBytes ? gate.run(job) : job());
    } finally {
      app.space.churned(size);
    }
  };

  /** JSON escapes grow the body; the exact size is checked on the decoded content. */
  const bodyLimit = maxBytes * 2 + 64 * 1024;
  const now = () => new Date(app.config.now());

  // Bodies over the route's limit are refused before parsing: say so in the user's language.
  // The body is read to its end first, so that the answer arrives (see drain).
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      if (await drain(request.raw)) reply.removeHeader('connection');
      if (request.routeOptions.url?.endsWith('/ruleset')) {
        return reply.code(413).send({
          message: text(request, 'rulesetTooLarge', formatBytes(RULESET_MAX_BYTES)),
          code: RULESET_TOO_LARGE,
        });
      }
      return reply.code(413).send({ message: text(request, 'tooLarge', formatBytes(maxBytes)) });
    }
    throw error;
  });

  const userId = (request: FastifyRequest): string => request.user!.id;

  /** The project id of the URL, or a 404 answer (a malformed id is as missing as any other). */
  const projectId = async (
    request: FastifyRequest<IdRoute>,
    reply: FastifyReply,
  ): Promise<string | undefined> => {
    if (UUID.test(request.params.id)) return request.params.id.toLowerCase();
    await reply.code(404).send({ message: text(request, 'notFound') });
    return undefined;
  };

  /**
   * The project and the revisions its `If-Match` names, for a write that must not overwrite a
   * change it has not seen; or an answer (404 for a malformed id, 428 without the header).
   */
  const conditionalTarget = async (
    request: FastifyRequest<IdRoute>,
    reply: FastifyReply,
  ): Promise<{ id: string; base: number[] | undefined } | undefined> => {
    const id = await projectId(request, reply);
    if (id === undefined) return undefined;
    const base = parseIfMatch(request.headers['if-match']);
    if (base === null) {
      await reply.code(428).send({ message: text(request, 'preconditionRequired') });
      return undefined;
    }
    return { id, base };
  };

  /** preHandler: creating and changing need an active subscription (402 otherwise). */
  const requireSubscription = async (request: FastifyRequest, reply: FastifyReply) => {
    const user = await app.repos.users.findById(userId(request));
    const until = user?.subscription_until?.getTime();
    if (until === undefined || until <= app.config.now()) {
      await reply.code(402).send({ message: text(request, 'subscription') });
      return reply;
    }
  };

  /** The stored form of a body, or an answer (413, 400) when it cannot be stored. */
  const prepare = async (
    request: FastifyRequest,
    reply: FastifyReply,
    content: string,
    viewState: unknown,
  ): Promise<ProjectWrite | undefined> => {
    if (viewState !== undefined && viewState !== null && !viewStateDepthOk(viewState)) {
      await reply.code(400).send({ message: text(request, 'tooDeep') });
      return undefined;
    }
    const json = viewState === undefined || viewState === null ? null : JSON.stringify(viewState);
    const size = Buffer.byteLength(content, 'utf8') + (json ? Buffer.byteLength(json, 'utf8') : 0);
    if (size > maxBytes) {
      await reply.code(413).send({ message: text(request, 'tooLarge', formatBytes(maxBytes)) });
      return undefined;
    }
    return { content, viewState: json, size, endpointCount: countOperations(content) };
  };

  /**
   * The ruleset as stored (null for the default: absent, null or blank), or undefined after a
   * 413 answer when it is over {@link RULESET_MAX_BYTES}. Its content is not read here: the
   * server has no lint engine, the app validates a ruleset before saving it.
   */
  const rulesetOf = async (
    request: FastifyRequest,
    reply: FastifyReply,
    ruleset: string | null | undefined,
  ): Promise<string | null | undefined> => {
    if (ruleset === undefined || ruleset === null || ruleset.trim() === '') return null;
    if (Buffer.byteLength(ruleset, 'utf8') <= RULESET_MAX_BYTES) return ruleset;
    await reply.code(413).send({
      message: text(request, 'rulesetTooLarge', formatBytes(RULESET_MAX_BYTES)),
      code: RULESET_TOO_LARGE,
    });
    return undefined;
  };

  /** A trimmed name, or a 400 answer when nothing is left. */
  const cleanName = async (
    request: FastifyRequest,
    reply: FastifyReply,
    name: string,
  ): Promise<string | undefined> => {
    // eslint-disable-next-line no-control-regex
    const clean = name.replace(/[\u0000-\u001f\u007f]/g, ' ').trim();
    if (clean) return clean;
    await reply.code(400).send({ message: text(request, 'badName') });
    return undefined;
  };

  const tooMany = (request: FastifyRequest, reply: FastifyReply) =>
    reply.code(409).send({ message: text(request, 'tooMany', String(maxPerAccount)) });

  /** The account's quota is reached: 409 (the state of the account, like the project count). */
  const overQuota = (request: FastifyRequest, reply: FastifyReply, used: number) =>
    reply.code(409).send({
      message: text(request, 'quota', formatBytes(quotaBytes)),
      code: 'quota',
      usedBytes: used,
      quotaBytes,
    });

  /**
   * Creates a project of the account (a new one, or a copy) within the account's limits, and
   * answers 201 with its id, revision, ETag and location; over the quota or the count, 409.
   */
  const createAndAnswer = async (
    request: FastifyRequest,
    reply: FastifyReply,
    name: string,
    write: ProjectWrite,
    ruleset: string | null,
  ) => {
    const created = await writing(write.size, () =>
      app.repos.projects.create(
        userId(request),
        name,
        write,
        { maxProjects: maxPerAccount, quotaBytes },
        now(),
        ruleset,
      ),
    );
    if (!created.ok && created.reason === 'quota') return overQuota(request, reply, created.used);
    if (!created.ok) return tooMany(request, reply);
    return reply
      .code(201)
      .header('etag', etag(created.revision))
      .header('location', `/api/v1/customer/projects/${created.id}`)
      .send({ id: created.id, revision: created.revision });
  };

  const auth = { preHandler: app.authenticate };
  const authAndSubscription = { preHandler: [app.authenticate, requireSubscription] };

  app.get(
    '/api/v1/customer/projects',
    { ...auth, schema: { response: { 200: { type: 'array', items: SummarySchema } } } },
    async (request): Promise<ProjectSummary[]> => {
      const rows = await app.repos.projects.list(userId(request));
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        endpointCount: row.endpoint_count,
        size: row.size,
        revision: row.revision,
        updatedAt: row.updated_at.toISOString(),
      }));
    },
  );

  app.get(
    '/api/v1/customer/projects/limits',
    {
      ...auth,
      schema: {
        response: {
          200: {
            type: 'object',
            properties: {
              maxProjectBytes: { type: 'integer' },
              maxProjects: { type: 'integer' },
              quotaBytes: { type: 'integer' },
              usedBytes: { type: 'integer' },
              historyDays: { type: 'integer' },
            },
            required: ['maxProjectBytes', 'maxProjects', 'quotaBytes', 'usedBytes', 'historyDays'],
          },
          ...ErrorResponses,
        },
      },
    },
    async (request): Promise<ProjectLimits> => ({
      maxProjectBytes: maxBytes,
      maxProjects: maxPerAccount,
      quotaBytes,
      usedBytes: await app.repos.projects.usage(userId(request)),
      historyDays: HISTORY_DAYS,
    }),
  );

  app.post<{
    Body: { name: string; content: string; viewState?: unknown; ruleset?: string | null };
  }>(
    '/api/v1/customer/projects',
    {
      ...authAndSubscription,
      bodyLimit,
      schema: {
        body: {
          type: 'object',
          properties: {
            name: NameSchema,
            content: { type: 'string' },
            viewState: {},
            ruleset: RulesetSchema,
          },
          required: ['name', 'content'],
          additionalProperties: false,
        },
        response: {
          201: CreatedSchema,
          409: QuotaSchema,
          413: CodedErrorSchema,
          ...ErrorResponses,
        },
      },
    },
    async (request, reply) => {
      const name = await cleanName(request, reply, request.body.name);
      if (name === undefined) return reply;
      const write = await prepare(request, reply, request.body.content, request.body.viewState);
      if (!write) return reply;
      const ruleset = await rulesetOf(request, reply, request.body.ruleset);
      if (ruleset === undefined) return reply;
      return createAndAnswer(request, reply, name, write, ruleset);
    },
  );

  app.get<IdRoute>(
    '/api/v1/customer/projects/:id',
    { ...auth, schema: { params: IdParams, response: ErrorResponses } },
    async (request, reply) => {
      const id = await projectId(request, reply);
      if (id === undefined) return reply;
      const row = await app.repos.projects.get(userId(request), id);
      if (!row) return reply.code(404).send({ message: text(request, 'notFound') });
      // Built by hand: the view state stays the JSON text it was stored as (no parse + stringify
      // of megabytes), and the content is one string escape.
      const body =
        `{"id":${JSON.stringify(row.id)},"name":${JSON.stringify(row.name)},` +
        `"revision":${row.revision},"updatedAt":"${row.updated_at.toISOString()}",` +
        `"endpointCount":${row.endpoint_count},"size":${row.size},` +
        `"ruleset":${JSON.stringify(row.ruleset)},"rulesetRevision":${row.ruleset_revision},` +
        `"content":${JSON.stringify(row.content)},"viewState":${row.view_state ?? 'null'}}`;
      return reply
        .header('etag', etag(row.revision))
        .type('application/json; charset=utf-8')
        .send(body);
    },
  );

  app.put<
    IdRoute & {
      Body: {
        content: string;
        viewState?: unknown;
        name?: string;
        revisionReason?: RevisionReason;
        editSession?: string;
      };
    }
  >(
    '/api/v1/customer/projects/:id',
    {
      ...authAndSubscription,
      bodyLimit,
      schema: {
        params: IdParams,
        body: {
          type: 'object',
          properties: {
            content: { type: 'string' },
            viewState: {},
            name: NameSchema,
            revisionReason: { type: 'string', enum: [...REVISION_REASONS] },
            editSession: {
              type: 'string',
              minLength: 1,
              maxLength: EDIT_SESSION_MAX,
              pattern: '^[A-Za-z0-9_-]+$',
            },
          },
          required: ['content'],
          additionalProperties: false,
        },
        response: {
          200: {
            type: 'object',
            properties: { revision: { type: 'integer' }, updatedAt: { type: 'string' } },
            required: ['revision', 'updatedAt'],
          },
          409: QuotaSchema,
          412: StaleSchema,
          ...ErrorResponses,
        },
      },
    },
    async (request, reply) => {
      const target = await conditionalTarget(request, reply);
      if (target === undefined) return reply;
      const { id, base } = target;
      let name: string | undefined;
      if (request.body.name !== undefined) {
        name = await cleanName(request, reply, request.body.name);
        if (name === undefined) return reply;
      }
      const write = await prepare(request, reply, request.body.content, request.body.viewState);
      if (!write) return reply;
      const intent = {
        reason: request.body.revisionReason ?? 'autosave',
        session: request.body.editSession,
      };
      const saved = await writing(write.size, () =>
        app.repos.projects.update(
          userId(request),
          id,
          base,
          write,
          name,
          intent,
          quotaBytes,
          now(),
        ),
      );
      if (!saved.ok && saved.reason === 'missing') {
        return reply.code(404).send({ message: text(request, 'notFound') });
      }
      if (!saved.ok && saved.reason === 'quota') return overQuota(request, reply, saved.used);
      if (!saved.ok) {
        return reply
          .code(412)
          .header('etag', etag(saved.revision))
          .send({ message: text(request, 'stale'), revision: saved.revision });
      }
      return reply
        .header('etag', etag(saved.revision))
        .send({ revision: saved.revision, updatedAt: saved.updatedAt.toISOString() });
    },
  );

  app.patch<IdRoute & { Body: { name: string } }>(
    '/api/v1/customer/projects/:id',
    {
      ...authAndSubscription,
      schema: {
        params: IdParams,
        body: {
          type: 'object',
          properties: { name: NameSchema },
          required: ['name'],
          additionalProperties: false,
        },
        response: {
          200: {
            type: 'object',
            properties: { id: { type: 'string' }, name: { type: 'string' } },
            required: ['id', 'name'],
          },
          ...ErrorResponses,
        },
      },
    },
    async (request, reply) => {
      const id = await projectId(request, reply);
      if (id === undefined) return reply;
      const name = await cleanName(request, reply, request.body.name);
      if (name === undefined) return reply;
      if (!(await app.repos.projects.rename(userId(request), id, name, now()))) {
        return reply.code(404).send({ message: text(request, 'notFound') });
      }
      return { id, name };
    },
  );

  // Deleting needs no subscription: letting go of one's own work is never refused.
  app.delete<IdRoute>(
    '/api/v1/customer/projects/:id',
    {
      ...auth,
      schema: { params: IdParams, response: { 204: { type: 'null' }, ...ErrorResponses } },
    },
    async (request, reply) => {
      const id = await projectId(request, reply);
      if (id === undefined) return reply;
      const freed = await app.repos.projects.remove(userId(request), id);
      if (freed === undefined) {
        return reply.code(404).send({ message: text(request, 'notFound') });
      }
      // A large project's space is given back at once.
      app.space.churned(freed, freed > largeWriteBytes);
      return reply.code(204).send();
    },
  );

  app.post<IdRoute & { Body: { name?: string } | undefined }>(
    '/api/v1/customer/projects/:id/duplicate',
    {
      ...authAndSubscription,
      schema: {
        params: IdParams,
        body: {
          type: ['object', 'null'],
          properties: { name: NameSchema },
          additionalProperties: false,
        },
        response: { 201: CreatedSchema, 409: QuotaSchema, ...ErrorResponses },
      },
    },
    async (request, reply) => {
      const id = await projectId(request, reply);
      if (id === undefined) return reply;
      const source = await app.repos.projects.get(userId(request), id);
      if (!source) return reply.code(404).send({ message: text(request, 'notFound') });
      const wanted = request.body?.name ?? source.name + text(request, 'copySuffix');
      const name = await cleanName(request, reply, wanted.slice(0, PROJECT_NAME_MAX));
      if (name === undefined) return reply;
      return createAndAnswer(
        request,
        reply,
        name,
        {
          content: source.content,
          viewState: source.view_state,
          size: source.size,
          endpointCount: source.endpoint_count,
        },
        source.ruleset,
      );
    },
  );

  // The project's ruleset: a setting with a revision of its own (see ProjectRuleset). Reading
  // needs no subscription; changing it does, like any change of a project.
  app.get<IdRoute>(
    '/api/v1/customer/projects/:id/ruleset',
    {
      ...auth,
      schema: { params: IdParams, response: { 200: RulesetResponseSchema, ...ErrorResponses } },
    },
    async (request, reply): Promise<ProjectRuleset | FastifyReply> => {
      const id = await projectId(request, reply);
      if (id === undefined) return reply;
      const row = await app.repos.projects.getRuleset(userId(request), id);
      if (!row) return reply.code(404).send({ message: text(request, 'notFound') });
      void reply.header('etag', etag(row.ruleset_revision));
      return { ruleset: row.ruleset, rulesetRevision: row.ruleset_revision };
    },
  );

  app.put<IdRoute & { Body: { ruleset: string | null } }>(
    '/api/v1/customer/projects/:id/ruleset',
    {
      ...authAndSubscription,
      // JSON escapes grow the body; the exact size is checked on the decoded text.
      bodyLimit: RULESET_MAX_BYTES * 6 + 1024,
      schema: {
        params: IdParams,
        body: {
          type: 'object',
          properties: { ruleset: RulesetSchema },
          required: ['ruleset'],
          additionalProperties: false,
        },
        response: {
          200: RulesetResponseSchema,
          412: StaleRulesetSchema,
          413: CodedErrorSchema,
          ...ErrorResponses,
        },
      },
    },
    async (request, reply) => {
      const target = await conditionalTarget(request, reply);
      if (target === undefined) return reply;
      const { id, base } = target;
      const ruleset = await rulesetOf(request, reply, request.body.ruleset);
      if (ruleset === undefined) return reply;
      const saved = await app.repos.projects.setRuleset(userId(request), id, base, ruleset, now());
      if (!saved.ok && saved.reason === 'missing') {
        return reply.code(404).send({ message: text(request, 'notFound') });
      }
      if (!saved.ok) {
        return reply
          .code(412)
          .header('etag', etag(saved.ruleset_revision))
          .send({
            message: text(request, 'rulesetStale'),
            code: RULESET_STALE,
            ruleset: saved.ruleset,
            rulesetRevision: saved.ruleset_revision,
          });
      }
      return reply
        .header('etag', etag(saved.rulesetRevision))
        .send({ ruleset, rulesetRevision: saved.rulesetRevision });
    },
  );

  app.get<IdRoute>(
    '/api/v1/customer/projects/:id/revisions',
    {
      ...auth,
      schema: {
        params: IdParams,
        response: {
          200: { type: 'array', items: RevisionSchema },
          ...ErrorResponses,
        },
      },
    },
    async (request, reply): Promise<ProjectRevisionSummary[] | FastifyReply> => {
      const id = await projectId(request, reply);
      if (id === undefined) return reply;
      const rows = await app.repos.projects.revisions(userId(request), id);
      if (!rows) return reply.code(404).send({ message: text(request, 'notFound') });
      return rows.map((row) => ({
        revision: row.revision,
        size: row.size,
        createdAt: row.created_at.toISOString(),
        savedAt: row.saved_at.toISOString(),
        reason: row.reason,
        name: row.name,
      }));
    },
  );

  // Naming a version keeps it for good (never pruned); null removes the name.
  app.patch<IdRoute & { Params: { id: string; revision: string }; Body: { name: string | null } }>(
    '/api/v1/customer/projects/:id/revisions/:revision',
    {
      ...authAndSubscription,
      schema: {
        params: RevisionParams,
        body: {
          type: 'object',
          properties: {
            name: { anyOf: [{ type: 'string', maxLength: REVISION_NAME_MAX }, { type: 'null' }] },
          },
          required: ['name'],
          additionalProperties: false,
        },
        response: { 200: RevisionNameSchema, ...ErrorResponses },
      },
    },
    async (request, reply) => {
      const id = await projectId(request, reply);
      if (id === undefined) return reply;
      let name: string | null = null;
      if (request.body.name !== null && request.body.name.trim() !== '') {
        const clean = await cleanName(request, reply, request.body.name);
        if (clean === undefined) return reply;
        name = clean;
      }
      const revision = Number(request.params.revision);
      if (!(await app.repos.projects.nameRevision(userId(request), id, revision, name))) {
        return reply.code(404).send({ message: text(request, 'notFound') });
      }
      return { revision, name };
    },
  );

  app.get<IdRoute & { Params: { id: string; revision: string } }>(
    '/api/v1/customer/projects/:id/revisions/:revision',
    {
      ...auth,
      schema: {
        params: RevisionParams,
        response: ErrorResponses,
      },
    },
    async (request, reply) => {
      const id = await projectId(request, reply);
      if (id === undefined) return reply;
      const row = await app.repos.projects.revision(
        userId(request),
        id,
        Number(request.params.revision),
      );
      if (!row) return reply.code(404).send({ message: text(request, 'notFound') });
      const body =
        `{"revision":${row.revision},"size":${row.size},"createdAt":"${row.created_at.toISOString()}",` +
        `"savedAt":"${row.saved_at.toISOString()}","reason":${JSON.stringify(row.reason)},` +
        `"name":${JSON.stringify(row.name)},` +
        `"content":${JSON.stringify(row.content)},"viewState":${row.view_state ?? 'null'}}`;
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );
};

export default projectRoutes;
