/**
 * A message kept by the dev mailbox (contract "Dev mailbox"). `sent_at` in ms since epoch. `kind` is
 * 'email' (`to` an address) or 'sms' (`to` the E.164 number; `subject` is 'SMS', `text` the SMS body).
 */
export type DevMailboxMessage = {
  id: string
  kind: 'email' | 'sms'
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
  /**
   * Newest first; `to` filters by recipient (case-insensitive; a leading '+' is optional, since an
   * unencoded '+' in a query string arrives as a space), `kind` by kind.
   */
  list(filter?: {
    to?: string | undefined
    kind?: DevMailboxMessage['kind'] | undefined
  }): DevMailboxMessage[]
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
      const canonical = (address: string) => address.trim().toLowerCase().replace(/^\+/, '')
      const to = filter.to === undefined ? '' : canonical(filter.to)
      return [...messages]
        .reverse()
        .filter(
          (message) =>
            (!to || canonical(message.to) === to) && (!filter.kind || message.kind === filter.kind),
        )
    },
  }
}
