/** One message of the server's dev mailbox (`GET /dev/mailbox.json`). */
export type MailboxMessage = {
  id: string
  to: string
  subject: string
  text: string
  code: string | null
  sent_at: number
}

/**
 * Waits for a message to `to` sent at or after `since` (ms) in the dev mailbox and returns it.
 * @throws Error after `timeoutMs` without such a message.
 */
export async function waitForMessage(
  apiUrl: string,
  { to, since, timeoutMs = 10_000 }: { to: string; since: number; timeoutMs?: number },
): Promise<MailboxMessage> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const response = await fetch(`${apiUrl}/dev/mailbox.json?to=${encodeURIComponent(to)}`)
    const { messages } = (await response.json()) as { messages: MailboxMessage[] }
    const message = messages.find((candidate) => candidate.sent_at >= since)
    if (message) return message
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`no message to ${to} within ${timeoutMs} ms`)
}
