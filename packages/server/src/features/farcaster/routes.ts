import type { FastifyInstance } from 'fastify'
import type { ServerContext } from '../../ServerContext'

/** Farcaster sign-in routes (spec 01 §7 `/api/v1/farcaster/*`); the routes follow in the next commits. */
export async function farcasterRoutes(
  _app: FastifyInstance,
  _options: { context: ServerContext },
): Promise<void> {}
