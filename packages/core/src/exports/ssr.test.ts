import { afterEach, expect, test, vi } from 'vitest'
import { createTestApi, testApiUrl, testAppId } from '../../test/createTestApi'

const browserGlobals = ['window', 'document', 'localStorage'] as const

afterEach(() => {
  for (const name of browserGlobals) Reflect.deleteProperty(globalThis, name)
})

/** Makes reading `globalThis[name]` throw, and counts the reads. */
function trap(name: (typeof browserGlobals)[number], reads: string[]) {
  Object.defineProperty(globalThis, name, {
    configurable: true,
    get() {
      reads.push(name)
      throw new Error(`${name} is not available during server rendering`)
    },
  })
}

test('behavior: importing the barrel touches no browser global (no window, document, localStorage)', async () => {
  for (const name of browserGlobals) expect(name in globalThis).toBe(false)
  vi.resetModules()
  const core = await import('./index')
  expect(typeof core.createFoyerClient).toBe('function')
})

test('behavior: importing and creating a client never reads a throwing localStorage getter', async () => {
  const reads: string[] = []
  for (const name of browserGlobals) trap(name, reads)
  vi.resetModules()
  const core = await import('./index')
  const client = core.createFoyerClient({
    appId: 'foyerdemoapp0000000000000',
    apiUrl: 'http://127.0.0.1:8787',
  })
  expect(client.getState().status).toBe('loading')
  expect(reads).toEqual([])
})

test('behavior: at first use a throwing localStorage getter falls back to memory', async () => {
  const reads: string[] = []
  trap('localStorage', reads)
  vi.resetModules()
  const core = await import('./index')
  const client = core.createFoyerClient({
    appId: testAppId,
    apiUrl: testApiUrl,
    fetch: createTestApi().fetch,
  })
  await core.initialize(client)
  expect(client.getState().status).toBe('ready')
  expect(reads.length).toBeGreaterThan(0)
})
