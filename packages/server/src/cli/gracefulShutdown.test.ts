// On SIGTERM the server stops accepting, finishes the requests in flight and closes the
// database; no sign-in in flight is lost. A real `foyer-server start` process over a PGlite data directory,
// restarted on the same directory to check that every answered sign-in's session was kept.
import { randomBytes } from 'node:crypto'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { DEMO_APP_ID } from '../demo/demoApps'
import { startServerProcess } from '../test/startServerProcess'

const SIGN_INS = 15

async function post(url: string, body: unknown, bearer?: string) {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'privy-app-id': DEMO_APP_ID,
      'content-type': 'application/json',
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
    },
    body: JSON.stringify(body),
  })
  return { status: response.status, json: (await response.json()) as Record<string, unknown> }
}

describe('graceful shutdown', () => {
  test('behavior: SIGTERM during sign-ins: /readyz turns 503, every sign-in in flight answers 200 and its session survives a restart', {
    timeout: 180_000,
  }, async () => {
    const env = {
      NODE_ENV: 'test',
      FOYER_DEV_MAILBOX: '1',
      FOYER_LOG_LEVEL: 'warn',
      FOYER_SHUTDOWN_DRAIN_MS: '3000',
      FOYER_MASTER_KEY: randomBytes(32).toString('base64'),
      FOYER_DATA_DIR: join(await mkdtemp(join(tmpdir(), 'foyer-shutdown-')), 'data'),
    }
    const server = await startServerProcess(env)
    const emails = Array.from({ length: SIGN_INS }, (_, index) => `shutdown${index}@example.com`)
    const codes: string[] = []
    for (const email of emails) {
      expect((await post(`${server.url}/api/v1/passwordless/init`, { email })).status).toBe(200)
      const mailbox = (await (
        await fetch(`${server.url}/dev/mailbox.json?to=${encodeURIComponent(email)}`)
      ).json()) as {
        messages: { code: string }[]
      }
      codes.push(mailbox.messages[0]?.code as string)
    }

    // All sign-ins at once, then SIGTERM while they are being answered.
    const signIns = emails.map((email, index) =>
      post(`${server.url}/api/v1/passwordless/authenticate`, { email, code: codes[index] }),
    )
    await new Promise((resolve) => setTimeout(resolve, 20))
    const exitCode = server.stop('SIGTERM')
    // Draining (3 s): still answering, but no longer ready, once the process has handled the signal (on a
    // loaded machine that may take more than a moment, hence the poll).
    let readiness: Response | undefined
    await expect
      .poll(
        async () => {
          readiness = await fetch(`${server.url}/readyz`)
          return readiness.status
        },
        { timeout: 2500, interval: 100 },
      )
      .toBe(503)
    expect(readiness?.headers.get('connection')).toBe('close')
    const answers = await Promise.all(signIns)
    expect(answers.map((answer) => answer.status)).toEqual(emails.map(() => 200))
    expect(await exitCode).toBe(0)

    const restarted = await startServerProcess(env)
    try {
      for (const answer of answers) {
        const refreshed = await post(
          `${restarted.url}/api/v1/sessions`,
          { refresh_token: answer.json.refresh_token },
          answer.json.token as string,
        )
        expect(refreshed.status).toBe(200)
      }
    } finally {
      await restarted.stop()
    }
  })
})
