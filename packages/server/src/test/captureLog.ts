import { Writable } from 'node:stream'

/** A log sink for a test server: the `stream` to give the logger, and every line written to it, in order. */
export type CapturedLog = { stream: Writable; lines: string[] }

/**
 * A stream that keeps every chunk the server's logger writes (pino writes one JSON line a chunk), for
 * tests that a log never carries a secret (docs/security.md properties 27, 64).
 *
 * @example
 * const log = captureLog()
 * const t = await createTestContext({ logger: { level: 'trace', stream: log.stream } })
 * expect(log.lines.join('\n')).not.toContain(secret)
 */
export function captureLog(): CapturedLog {
  const lines: string[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk))
      done()
    },
  })
  return { stream, lines }
}
