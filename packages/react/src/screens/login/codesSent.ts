import { CODE_RESEND_COOLDOWN_SECONDS, CODE_TTL_SECONDS } from '@foyer/protocol'

/** A code destination: the address or number a login start named. */
export type CodeDestination = { email: string } | { phoneNumber: string }

/** Per client: when this page last had a code sent to each destination (ms since the epoch). */
const sent = new WeakMap<object, Map<string, number>>()

function keyOf(destination: CodeDestination): string {
  return 'email' in destination
    ? `email:${destination.email.trim().toLowerCase()}`
    : `sms:${destination.phoneNumber}`
}

/** Notes that `client` had a code sent to `destination` at `atMs` (docs/sessions.md#resend-cooldown). */
export function recordCodeSent(client: object, destination: CodeDestination, atMs = Date.now()): void {
  let byDestination = sent.get(client)
  if (!byDestination) {
    byDestination = new Map()
    sent.set(client, byDestination)
  }
  byDestination.set(keyOf(destination), atMs)
}

/**
 * When a send to `destination` was refused with 429 (the resend cooldown; `error` as thrown) and this page
 * itself had a code sent there within the code's lifetime (10 min), that code is still the one to type:
 * answers the `sentAt` (ms) the code screen counts its cooldown from — `Retry-After` seconds before the
 * cooldown's end when the answer carried one, else the recorded send — or `null` (a real failure) otherwise
 * (docs/sessions.md#resend-cooldown).
 */
export function sentAtOfLiveCode(
  client: object,
  destination: CodeDestination,
  error: unknown,
  nowMs = Date.now(),
): number | null {
  const { status, retryAfterMs } = (error ?? {}) as { status?: unknown; retryAfterMs?: unknown }
  if (status !== 429) return null
  const recorded = sent.get(client)?.get(keyOf(destination))
  if (recorded === undefined || nowMs - recorded > CODE_TTL_SECONDS * 1000) return null
  const cooldownMs = CODE_RESEND_COOLDOWN_SECONDS * 1000
  if (typeof retryAfterMs === 'number' && retryAfterMs <= cooldownMs) return nowMs + retryAfterMs - cooldownMs
  return recorded
}
