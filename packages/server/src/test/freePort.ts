import { createServer } from 'node:net'

/** A TCP port free on loopback right now (the OS picks it); a caller binds it soon after. */
export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return typeof address === 'object' && address ? address.port : 0
}
