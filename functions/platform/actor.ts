import { AsyncLocalStorage } from 'node:async_hooks';
import type { Role } from '../../shared/domain/types';

/**
 * Who makes the changes of the running request (the audit history's "who"): set once by the
 * handler pipeline after authentication (functions/pipeline/handler.ts), read by the data layer's
 * audit helper (functions/data/audit.ts), so no use case has to pass it along. Outside a request
 * (CLI, seeds, jobs) there is none and changes are recorded as the system's.
 */
export interface Actor {
  userId: string | null;
  login: string;
  /** Recorded with each change: a company's own history names a changer only if not an administrator. */
  role?: Role;
}

const store = new AsyncLocalStorage<Actor>();

export const runAs = <T>(actor: Actor, work: () => T): T => store.run(actor, work);

export const currentActor = (): Actor => store.getStore() ?? { userId: null, login: 'system' };
