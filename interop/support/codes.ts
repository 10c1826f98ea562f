import { waitForMessage } from '../../e2e/support/readMailbox'

let counter = 0

/** A fresh address per call, so cooldowns and codes never cross tests. */
export function freshEmail(prefix = 'interop'): string {
  counter += 1
  return `${prefix}${counter}.${Date.now()}@example.com`
}

/** A fresh US test number per call (E.164), as the dev mailbox files its codes under. */
export function freshPhone(): string {
  counter += 1
  return `+1415555${String((Date.now() + counter) % 10_000).padStart(4, '0')}`
}

/**
 * Runs `send` (which makes the server send a one-time code to `to`) and returns that code from the server's
 * dev mailbox. Throws when no message with a code arrives within 10 s.
 */
export async function codeSentTo(apiUrl: string, to: string, send: () => Promise<unknown>): Promise<string> {
  const since = Date.now()
  await send()
  const message = await waitForMessage(apiUrl, { to, since })
  if (!message.code) throw new Error(`the message to ${to} has no code`)
  return message.code
}
