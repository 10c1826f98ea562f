import type { FoyerClient } from '../client/FoyerClient'

/**
 * What one tab tells the app's other tabs on the same origin: a sign-in (or a session that now belongs to
 * another user) with the user's id, or a sign-out.
 */
export type CrossTabSessionMessage = { type: 'signed-in'; userId: string } | { type: 'signed-out' }

/** What a tab does when another tab of the app signs in or out (see {@link watchCrossTabSession}). */
export type CrossTabSessionHandlers = {
  signedIn(userId: string): void | Promise<void>
  signedOut(): void | Promise<void>
}

const channels = new WeakMap<FoyerClient, BroadcastChannel>()

/** The BroadcastChannel of the client's app (`foyer:session:<appId>`), opened once; none outside browsers. */
function channelOf(client: FoyerClient): BroadcastChannel | null {
  let channel = channels.get(client)
  if (!channel) {
    if (typeof BroadcastChannel !== 'function') return null
    channel = new BroadcastChannel(`foyer:session:${client.appId}`)
    // Node (tests, SSR): an open channel would keep the process alive.
    ;(channel as { unref?: () => void }).unref?.()
    channels.set(client, channel)
  }
  return channel
}

/**
 * Tells the app's other tabs that this one signed in or out (every tab reflects a logout or a
 * sign-in within a second). Does nothing where BroadcastChannel is missing. A tab never receives its own
 * messages.
 *
 * @example announceSession(client, { type: 'signed-out' })
 * @internal
 */
export function announceSession(client: FoyerClient, message: CrossTabSessionMessage): void {
  try {
    channelOf(client)?.postMessage(message)
  } catch {
    // A closed channel (page unloading): the other tabs learn it from storage at their next refresh.
  }
}

/**
 * Listens for the other tabs' sign-ins and sign-outs of the client's app and hands them to `handlers`
 * (messages of another shape are ignored). Returns a function that stops listening.
 *
 * @example const stop = watchCrossTabSession(client, { signedIn: (id) => …, signedOut: () => … })
 * @internal
 */
export function watchCrossTabSession(client: FoyerClient, handlers: CrossTabSessionHandlers): () => void {
  const channel = channelOf(client)
  if (!channel) return () => {}
  const onMessage = (event: MessageEvent) => {
    const message = event.data as Partial<CrossTabSessionMessage> | null
    if (message?.type === 'signed-out') void handlers.signedOut()
    else if (message?.type === 'signed-in' && typeof message.userId === 'string')
      void handlers.signedIn(message.userId)
  }
  channel.addEventListener('message', onMessage)
  return () => channel.removeEventListener('message', onMessage)
}
