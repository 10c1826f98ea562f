/** Starting and stopping a stand-in's HTTP server on a loopback address. */
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A stand-in's server once it listens. */
export type LocalServer = {
  /** `http://<host>:<port>`, an IPv6 host in brackets (`http://[::1]:5173`); no trailing slash. */
  url: string
  /** The port it listens on (the one the OS chose when asked for port 0). */
  port: number
  /**
   * Ends its open connections (keep-alive ones included, so no client holds it open) and resolves once the
   * server has closed; resolves as well when it was closed already.
   */
  close: () => Promise<void>
}

/**
 * Starts `server` listening on `host` (default `127.0.0.1`) at `port` (default 0: a free port the OS
 * chooses). Rejects with the server's `error` event, e.g. `EADDRINUSE` for a port already taken.
 *
 * @example const { url, close } = await listenLocally(createServer(handler), { port: options.port })
 */
export async function listenLocally(
  server: Server,
  options: { port?: number | undefined; host?: string | undefined } = {},
): Promise<LocalServer> {
  const host = options.host ?? '127.0.0.1'
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, host, () => resolve())
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
