import { afterEach, expect, test, vi } from 'vitest'
import { createFakeLockManager } from '../../test/fakeBrowser'
import { sessionLockName, withCrossTabLock } from './withCrossTabLock'

afterEach(() => {
  vi.unstubAllGlobals()
})

test('default: runs under navigator.locks, exclusive by name', async () => {
  const { locks, granted } = createFakeLockManager()
  const request = vi.spyOn(locks, 'request')
  vi.stubGlobal('navigator', { locks })
  const log: string[] = []
  const task = (name: string) => async () => {
    log.push(`start ${name}`)
    await new Promise((resolve) => setTimeout(resolve, 5))
    log.push(`end ${name}`)
    return name
  }
  const results = await Promise.all([withCrossTabLock('l', task('a')), withCrossTabLock('l', task('b'))])
  expect(results).toEqual(['a', 'b'])
  expect(log).toEqual(['start a', 'end a', 'start b', 'end b'])
  expect(granted).toEqual(['l', 'l'])
  expect(request).toHaveBeenCalledWith('l', { mode: 'exclusive' }, expect.any(Function))
})

test('behavior: the task learns whether it waited for another holder of the lock', async () => {
  const { locks } = createFakeLockManager()
  vi.stubGlobal('navigator', { locks })
  const waited: boolean[] = []
  const task = (value: string) => async (wait: boolean) => {
    waited.push(wait)
    await new Promise((resolve) => setTimeout(resolve, 5))
    return value
  }
  expect(await Promise.all([withCrossTabLock('l', task('a')), withCrossTabLock('l', task('b'))])).toEqual([
    'a',
    'b',
  ])
  expect(waited).toEqual([false, true])
  expect(await withCrossTabLock('l', task('c'))).toBe('c')
  expect(waited).toEqual([false, true, false])
})

test('behavior: without Web Locks (Node) the task runs directly', async () => {
  expect(globalThis.navigator?.locks).toBeUndefined()
  expect(await withCrossTabLock('l', async () => 42)).toBe(42)
  vi.stubGlobal('navigator', {})
  expect(await withCrossTabLock('l', async () => 43)).toBe(43)
})

test('error: a failing task releases the lock and rejects', async () => {
  const { locks } = createFakeLockManager()
  vi.stubGlobal('navigator', { locks })
  await expect(
    withCrossTabLock('l', async () => {
      throw new Error('boom')
    }),
  ).rejects.toThrow('boom')
  expect(await withCrossTabLock('l', async () => 'next')).toBe('next')
})

test('behavior: the session lock is named per app', () => {
  expect(sessionLockName('app1')).toBe('foyer:app1:session')
})
