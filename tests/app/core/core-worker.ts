/**
 * A "worker" over a MessageChannel running the real core API, for the client's tests: every call
 * the page posts is recorded (its name, its arguments' JSON size, an apply's commands).
 */
import { expose } from 'comlink';
import { createCoreApi } from '../../../src/shared/openapi/core-api';
import type { DocumentCommand } from '../../../src/shared/openapi';

export interface CoreMessage {
  name: string;
  bytes: number;
  commands?: DocumentCommand[];
}

/** `createApi`: the API the "worker" exposes (the core's by default; the worker's own, with its extras). */
export function coreWorker(createApi: () => object = createCoreApi) {
  const messages: CoreMessage[] = [];
  let started = 0;
  const create = () => {
    started += 1;
    const channel = new MessageChannel();
    expose(createApi(), channel.port2);
    channel.port1.start();
    const post = channel.port1.postMessage.bind(channel.port1);
    channel.port1.postMessage = ((message: {
      path?: string[];
      argumentList?: { value?: unknown }[];
    }) => {
      const name = String(message.path?.[0] ?? '');
      const args = (message.argumentList ?? []).map((a) => a.value);
      const entry: CoreMessage = { name, bytes: JSON.stringify(args).length };
      if (name === 'apply') entry.commands = args[0] as DocumentCommand[];
      messages.push(entry);
      post(message);
    }) as MessagePort['postMessage'];
    return Object.assign(channel.port1, {
      terminate: () => {
        channel.port1.close();
        channel.port2.close();
      },
    }) as unknown as Worker;
  };
  return {
    create,
    messages,
    get started() {
      return started;
    },
  };
}
