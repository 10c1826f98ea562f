/** A message kept by the dev mailbox (contract "Dev mailbox"). `sent_at` in ms since epoch. */
export type DevMailboxMessage = {
  id: string
  to: string
  subject: string
  text: string
  html: string
  code: string | null
  sent_at: number
}

/**
 * An in-memory, bounded mailbox for development and tests (only when env !== 'production'): keeps the
 * newest `capacity` messages.
 */
export type DevMailbox = {
  add(message: DevMailboxMessage): void
  /** Newest first; `to` filters by recipient, case-insensitive. */
  list(filter?: { to?: string | undefined }): DevMailboxMessage[]
}

/** Creates a {@link DevMailbox} holding at most `capacity` messages (default 200). */
export function createDevMailbox(capacity = 200): DevMailbox {
  const messages: DevMailboxMessage[] = []
  return {
    add(message) {
      messages.push(message)
      if (messages.length > capacity) messages.splice(0, messages.length - capacity)
    },
    list(filter = {}) {
      const to = filter.to?.trim().toLowerCase()
      const newestFirst = [...messages].reverse()
      return to ? newestFirst.filter((message) => message.to.toLowerCase() === to) : newestFirst
    },
  }
}
