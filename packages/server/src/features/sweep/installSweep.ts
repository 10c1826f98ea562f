import type { FastifyInstance } from 'fastify'
import type { ServerContext } from '../../ServerContext'
import { type SweepKind, sweepExpired } from './sweepExpired'

export type InstallSweepOptions = {
  /** Time between two sweeps, ms. */
  intervalMs: number
  /** Guests idle this long are deleted; 0 keeps them. */
  guestMaxIdleSeconds: number
  /** Counts the rows deleted (the Prometheus counter), when metrics are on. */
  onDeleted?: ((kind: SweepKind, count: number) => void) | undefined
}

/**
 * Runs {@link sweepExpired} every `intervalMs` while `app` is open: the timer starts when the app is ready,
 * never keeps the process alive, never runs two sweeps at once, and stops on `app.close()` (which waits for
 * a sweep under way). A failed sweep is logged and tried again at the next tick.
 *
 * @example installSweep(app, context, { intervalMs: 600_000, guestMaxIdleSeconds: 30 * 86_400 })
 */
export function installSweep(
  app: FastifyInstance,
  context: ServerContext,
  options: InstallSweepOptions,
): void {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined
  const sweep = () => {
    if (running) return
    running = sweepExpired(context.db, {
      now: new Date(context.now()),
      guestMaxIdleMs: options.guestMaxIdleSeconds * 1000,
      onDeleted: options.onDeleted,
    })
      .then((deleted) => {
        const total = Object.values(deleted).reduce((sum, count) => sum + count, 0)
        if (total > 0) app.log.info({ deleted }, 'sweep: deleted expired rows')
      })
      .catch((error: unknown) => app.log.warn({ reason: (error as Error).message }, 'sweep failed'))
      .finally(() => {
        running = undefined
      })
  }
  app.addHook('onReady', async () => {
    timer = setInterval(sweep, options.intervalMs)
    timer.unref()
  })
  app.addHook('onClose', async () => {
    clearInterval(timer)
    await running
  })
}
