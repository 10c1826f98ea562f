import type { Server } from 'node:http'

/**
 * Caps the open connections of each client IP address (the socket's, not `X-Forwarded-For`) at `max`: a
 * connection beyond it is closed at once, before a byte is read. Keeps one client from holding every socket
 * (slow senders). Behind a proxy every connection comes from the proxy: cap there instead
 * (`docs/operations.md#timeouts`).
 *
 * @example limitConnectionsPerIp(app.server, 100)
 */
export function limitConnectionsPerIp(server: Server, max: number): void {
  const open = new Map<string, number>()
  server.on('connection', (socket) => {
    const address = socket.remoteAddress ?? 'unknown'
    const count = open.get(address) ?? 0
    if (count >= max) {
      socket.destroy()
      return
    }
    open.set(address, count + 1)
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1
      if (left > 0) open.set(address, left)
      else open.delete(address)
    })
  })
}
