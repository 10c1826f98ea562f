import { describe, expect, test } from 'vitest'
import { createTestApi, createTestClient } from '../../test/createTestApi'
import { runExclusive } from './runExclusive'

function client() {
  return createTestClient(createTestApi())
}

/** A task that finishes when `finish` is called, recording its start and end. */
function gated(log: string[], name: string) {
  let finish: () => void = () => {}
  const done = new Promise<void>((resolve) => {
    finish = resolve
  })
  return {
    run: async () => {
      log.push(`start ${name}`)
      await done
      log.push(`end ${name}`)
      return name
    },
    finish: () => finish(),
  }
}

describe('runExclusive', () => {
  test('default: concurrent callers with the same key share one run', async () => {
    const c = client()
    let runs = 0
    const run = async () => {
      runs += 1
      return runs
    }
    const results = await Promise.all(Array.from({ length: 5 }, () => runExclusive(c, 'refresh', '', run)))
    expect(results).toEqual([1, 1, 1, 1, 1])
    expect(runs).toBe(1)
    expect(await runExclusive(c, 'refresh', '', run)).toBe(2) // a later call runs again
  })

  test('behavior: another key waits for the running operation, then runs (one at a time)', async () => {
    const c = client()
    const log: string[] = []
    const first = gated(log, 'a')
    const second = gated(log, 'b')
    const a = runExclusive(c, 'authenticate', 'a', first.run)
    const b = runExclusive(c, 'authenticate', 'b', second.run)
    await Promise.resolve()
    expect(log).toEqual(['start a'])
    first.finish()
    await a
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(log).toEqual(['start a', 'end a', 'start b'])
    second.finish()
    expect(await b).toBe('b')
  })

  test('behavior: different operations do not wait for each other', async () => {
    const c = client()
    const log: string[] = []
    const fork = gated(log, 'fork')
    void runExclusive(c, 'fork', '', fork.run)
    expect(await runExclusive(c, 'link', '', async () => 'linked')).toBe('linked')
    fork.finish()
  })

  test('error: a failure is shared by the callers in flight, and the next call runs afresh', async () => {
    const c = client()
    let runs = 0
    const failing = async () => {
      runs += 1
      throw new Error(`boom ${runs}`)
    }
    const results = await Promise.allSettled([
      runExclusive(c, 'destroy', '', failing),
      runExclusive(c, 'destroy', '', failing),
    ])
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected'])
    expect(runs).toBe(1)
    await expect(runExclusive(c, 'destroy', '', failing)).rejects.toThrow('boom 2')
  })
})
