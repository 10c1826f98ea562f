import { createHmac } from 'node:crypto'
import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm'
import { randomId } from '../../crypto/randomId'
import type { ServerContext } from '../../ServerContext'
import type { AppRecord } from '../apps/appRecords'
import { findAppRecord } from '../apps/appRecords'
import type { Transaction } from '../users/Transaction'
import { webhookDeliveries } from './schema'
import { delegatedActionsSettings } from './service'

/** The events the server posts to the app (docs/delegated-actions.md#webhooks). */
export type DelegatedActionsEventType =
  | 'delegated_actions.created'
  | 'delegated_actions.revoked'
  | 'delegated_actions.signed'

/** How many times a delivery is tried before it is given up (`failed_at`). */
export const WEBHOOK_MAX_ATTEMPTS = 8
/** How long a claimed delivery is left to its sender before another may take it (ms). */
const LEASE_MS = 60_000
/** How long one attempt may take (ms). */
const ATTEMPT_TIMEOUT_MS = 10_000

/**
 * The wait after the `attempts`-th failed attempt (ms): 30 s × 4^(attempts − 1), at most 6 h — 30 s, 2 min,
 * 8 min, 32 min, 2 h 8 min, then every 6 h.
 */
export function webhookRetryDelayMs(attempts: number): number {
  return Math.min(30_000 * 4 ** Math.max(0, attempts - 1), 6 * 3_600_000)
}

/**
 * The `webhook-signature` value of a delivery (Standard Webhooks, https://www.standardwebhooks.com):
 * `v1,` and the base64 HMAC-SHA256, keyed with the base64-decoded part of `secret` after `whsec_`, over
 * `{id}.{timestamp}.{body}` — the raw body as sent, bound to its id and its Unix-seconds timestamp.
 */
export function webhookSignature(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64')
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`
}

/** The event of {@link queueWebhook}. */
export type WebhookEvent = { app: AppRecord; type: DelegatedActionsEventType; data: Record<string, unknown> }

/**
 * Writes the event `type` with `data` to the outbox for the app's webhook, when it has one
 * (docs/delegated-actions.md#webhooks): one `webhook_deliveries` row with the exact body
 * `{ type, created_at (Unix s), data }`, due now, through `executor` — the transaction of the action it
 * reports, so that the event exists exactly when the action committed. Returns whether it wrote one; call
 * {@link startWebhookRound} after the commit.
 */
export async function queueWebhook(
  context: ServerContext,
  executor: Transaction | ServerContext['db']['orm'],
  parameters: WebhookEvent,
): Promise<boolean> {
  const webhook = delegatedActionsSettings(parameters.app).webhook
  if (!webhook) return false
  const now = context.now()
  await executor.insert(webhookDeliveries).values({
    id: randomId(25),
    appId: parameters.app.id,
    eventType: parameters.type,
    url: webhook.url,
    body: JSON.stringify({
      type: parameters.type,
      created_at: Math.floor(now / 1000),
      data: parameters.data,
    }),
    nextAttemptAt: new Date(now),
    createdAt: new Date(now),
  })
  return true
}

/** Starts a delivery round ({@link deliverDueWebhooks}) without waiting for it; a failure is logged. */
export function startWebhookRound(context: ServerContext): void {
  void deliverDueWebhooks(context).catch((error: unknown) =>
    context.log.warn({ err: error }, 'webhook delivery round failed'),
  )
}

/**
 * One delivery round: claims up to `limit` due deliveries (moving each a lease ahead and counting the
 * attempt, in one statement with `FOR UPDATE SKIP LOCKED`, so that concurrent rounds never send one twice
 * at once) and posts each with the headers `webhook-id`, `webhook-timestamp` and `webhook-signature`
 * ({@link webhookSignature}, under the app's current secret). A 2xx answer marks it delivered; anything else
 * (another status, a redirect, no answer in 10 s) schedules the next attempt after
 * {@link webhookRetryDelayMs}, or gives it up after {@link WEBHOOK_MAX_ATTEMPTS} attempts. Returns how many
 * it delivered.
 */
export async function deliverDueWebhooks(context: ServerContext, limit = 20): Promise<number> {
  const now = context.now()
  const due = context.db.orm
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        isNull(webhookDeliveries.deliveredAt),
        isNull(webhookDeliveries.failedAt),
        lte(webhookDeliveries.nextAttemptAt, new Date(now)),
      ),
    )
    .orderBy(webhookDeliveries.nextAttemptAt)
    .limit(limit)
    .for('update', { skipLocked: true })
  const claimed = await context.db.orm
    .update(webhookDeliveries)
    .set({
      nextAttemptAt: new Date(now + LEASE_MS),
      attempts: sql`${webhookDeliveries.attempts} + 1`,
    })
    .where(inArray(webhookDeliveries.id, due))
    .returning()
  let delivered = 0
  for (const delivery of claimed) {
    const status = await attempt(context, delivery)
    const at = context.now()
    if (status !== null && status >= 200 && status < 300) {
      delivered++
      await context.db.orm
        .update(webhookDeliveries)
        .set({ deliveredAt: new Date(at), lastStatus: status })
        .where(eq(webhookDeliveries.id, delivery.id))
    } else {
      const giveUp = delivery.attempts >= WEBHOOK_MAX_ATTEMPTS
      await context.db.orm
        .update(webhookDeliveries)
        .set({
          lastStatus: status,
          ...(giveUp
            ? { failedAt: new Date(at) }
            : { nextAttemptAt: new Date(at + webhookRetryDelayMs(delivery.attempts)) }),
        })
        .where(eq(webhookDeliveries.id, delivery.id))
    }
  }
  return delivered
}

/** Posts one delivery; its HTTP status, or null when there was no answer (or no secret any more). */
async function attempt(
  context: ServerContext,
  delivery: typeof webhookDeliveries.$inferSelect,
): Promise<number | null> {
  try {
    const app = await findAppRecord(context.db, delivery.appId, context.masterKey)
    const secret = app ? delegatedActionsSettings(app).webhook?.secret : undefined
    if (!secret) return null
    const timestamp = Math.floor(context.now() / 1000)
    const response = await fetch(delivery.url, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
      headers: {
        'content-type': 'application/json',
        'webhook-id': delivery.id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': webhookSignature(secret, delivery.id, timestamp, delivery.body),
      },
      body: delivery.body,
    })
    await response.body?.cancel()
    return response.status
  } catch (error) {
    context.log.info({ err: error, deliveryId: delivery.id }, 'webhook attempt failed')
    return null
  }
}

/**
 * Runs {@link deliverDueWebhooks} every `intervalMs` (one round at a time) until the returned function is
 * called; the timer does not keep the process alive.
 */
export function startWebhookDelivery(context: ServerContext, intervalMs: number): () => void {
  let running = false
  const timer = setInterval(() => {
    if (running) return
    running = true
    deliverDueWebhooks(context)
      .catch((error: unknown) => context.log.warn({ err: error }, 'webhook delivery round failed'))
      .finally(() => {
        running = false
      })
  }, intervalMs)
  timer.unref()
  return () => clearInterval(timer)
}
