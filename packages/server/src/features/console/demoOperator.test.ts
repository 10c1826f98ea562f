import { randomBytes } from 'node:crypto'
import { mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CONSOLE_APP_ID } from '@foyer/protocol/console'
import { expect, test } from 'vitest'
import { loadConfig } from '../../cli/loadConfig'
import { DEMO_CONSOLE_OPERATOR } from '../../demo/demoApps'
import { createTestContext } from '../../test/createTestContext'

const demoScript = new URL('../../../../../scripts/demo.mjs', import.meta.url)

test('behavior: `npm run demo` gives its server the demo operator, who the console guard takes for an operator', async () => {
  // The demo's server environment names the operator (unless the caller names others).
  const script = await readFile(demoScript, 'utf8')
  expect(script).toContain(
    'FOYER_CONSOLE_OPERATORS: process.env.FOYER_CONSOLE_OPERATORS ?? DEMO_CONSOLE_OPERATOR',
  )
  expect(script).toContain("const { DEMO_CONSOLE_OPERATOR } = await import('@foyer/server')")

  const cwd = await mkdtemp(join(tmpdir(), 'foyer-demo-console-'))
  const config = await loadConfig(
    {
      FOYER_CONSOLE_OPERATORS: DEMO_CONSOLE_OPERATOR,
      FOYER_MASTER_KEY: randomBytes(32).toString('base64'),
    },
    cwd,
  )
  expect(config.consoleOperators).toEqual([DEMO_CONSOLE_OPERATOR])
  const consoleFeature = config.features.find((feature) => feature.id === 'console')
  expect(consoleFeature).toBeDefined()
  expect(
    (await loadConfig({ FOYER_MASTER_KEY: randomBytes(32).toString('base64') }, cwd)).features,
  ).not.toEqual(expect.arrayContaining([expect.objectContaining({ id: 'console' })]))

  // The server with that feature: the demo operator passes the operator check (next: add a second factor);
  // anyone else is refused.
  const t = await createTestContext({ features: consoleFeature ? [consoleFeature] : [] })
  try {
    const guard = async (email: string) => {
      const token = (await t.signIn(email, CONSOLE_APP_ID)).token ?? undefined
      return (
        await t.request({ method: 'GET', url: '/api/v1/console/operator', appId: null, bearer: token })
      ).json()
    }
    expect(await guard(DEMO_CONSOLE_OPERATOR)).toMatchObject({ code: 'missing_or_invalid_mfa' })
    expect(await guard('visitor@foyer.test')).toMatchObject({ code: 'not_console_operator' })
  } finally {
    await t.close()
  }
})
