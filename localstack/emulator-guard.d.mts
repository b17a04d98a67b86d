import type { IncomingHttpHeaders, Server } from 'node:http';

/** Why a request must not reach the emulator on `port` (421 foreign Host, 403 another origin), or null. */
export function refusal(req: { headers: IncomingHttpHeaders }, port: number, allowedOrigins?: string[]): { status: 421 | 403; message: string } | null;
/** Puts the guard in front of one server's request listeners. */
export function guardServer<S extends Server>(server: S, allowedOrigins?: string[]): S;
