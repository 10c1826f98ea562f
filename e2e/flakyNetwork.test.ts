import { createServer, request as httpRequest, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { page, useBrowser } from './support/browserPage'
import { freshEmail, openDemo, requestEmailCode } from './support/signInWithEmail'
import { type Stack, startStack } from './support/startStack'

/**
 * A loopback reverse proxy in front of the server that loses the server's answer to the first
 * `POST /api/v1/passwordless/authenticate`: the call reaches the server (which signs the user in), and the
 * browser gets a 502 instead, as from a gateway that dropped the upstream connection.
 */
function startLossyProxy(target: string) {
  const seen: { idempotencyKey: string | undefined; status: number }[] = []
  let lost = false
  const server: Server = createServer((incoming, outgoing) => {
    const url = new URL(incoming.url ?? '/', target)
    const isAuthenticate = incoming.method === 'POST' && url.pathname === '/api/v1/passwordless/authenticate'
    const upstream = httpRequest(
      url,
      { method: incoming.method, headers: { ...incoming.headers, host: url.host } },
      (answer) => {
        const loseThis = isAuthenticate && !lost
        if (isAuthenticate) {
          const key = incoming.headers['idempotency-key']
          seen.push({
            idempotencyKey: typeof key === 'string' ? key : undefined,
            status: answer.statusCode ?? 0,
          })
        }
        if (loseThis) {
          lost = true
          answer.resume()
          outgoing.writeHead(502, {
            'content-type': 'text/html',
            'access-control-allow-origin': String(incoming.headers.origin ?? '*'),
            'access-control-allow-credentials': 'true',
          })
          outgoing.end('<h1>502 Bad Gateway</h1>')
          return
        }
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(outgoing)
      },
    )
    upstream.on('error', () => {
      outgoing.writeHead(502)
      outgoing.end()
    })
    incoming.pipe(upstream)
  })
  return {
    seen,
    async listen(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    },
    close: () =>
      new Promise<void>((resolve) => {
        // Chromium, still open, holds keep-alive connections the close would wait for.
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

let stack: Stack
useBrowser({ page: 'file' })
let proxy: ReturnType<typeof startLossyProxy> | undefined

beforeAll(async () => {
  stack = await startStack({
    apiFront: async (apiUrl) => {
      proxy = startLossyProxy(apiUrl)
      return proxy.listen()
    },
  })
})
afterAll(async () => {
  await proxy?.close()
  await stack?.close()
})

/** Sessions the server holds, all users. */
async function sessionCount(): Promise<number> {
  const client = stack.db.driver.$client as {
    query(text: string): Promise<{ rows: { n: number }[] }>
  }
  const { rows } = await client.query('select count(*)::int as n from sessions')
  return rows[0]?.n ?? 0
}

describe('a flaky network (docs/api.md#retries)', () => {
  test('behavior: the first authenticate answer lost to a 502 — the retry signs in, no error shown, one session', async () => {
    const email = freshEmail('flaky')
    await openDemo(page, stack.demoUrl)
    const { dialog, code } = await requestEmailCode(page, stack.apiUrl, email)
    const before = await sessionCount()

    await dialog.getByLabel('Digit 1 of 6').click()
    await page.keyboard.type(code)
    await dialog.getByText('Success!').waitFor()
    await dialog.waitFor({ state: 'detached' })
    await expect.poll(() => page.getByTestId('authenticated').textContent()).toBe('true')
    expect(await page.getByTestId('user-email').textContent()).toBe(email)
    expect(await page.getByText('Request failed').count()).toBe(0)
    expect(await page.getByText('Invalid or expired verification code').count()).toBe(0)

    // Both attempts reached the server with one key; the second got the first's answer: one session.
    expect(proxy?.seen).toHaveLength(2)
    expect(proxy?.seen.map((attempt) => attempt.status)).toEqual([200, 200])
    expect(proxy?.seen[0]?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/)
    expect(proxy?.seen[1]?.idempotencyKey).toBe(proxy?.seen[0]?.idempotencyKey)
    expect(await sessionCount()).toBe(before + 1)
  })
})
