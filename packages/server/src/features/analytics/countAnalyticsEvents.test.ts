import { describe, expect, test } from 'vitest'
import { useTestContext } from '../../test/useTestContext'
import { createAppRecord } from '../apps/service'
import { countAnalyticsEvents } from './countAnalyticsEvents'
import { analyticsEvents } from './schema'

const t = useTestContext()

describe('countAnalyticsEvents', () => {
  test('default: counts per app, UTC day and event name, ordered; filters by app and since', async () => {
    const other = await createAppRecord(t.db, { name: 'Counted', masterKey: t.masterKey })
    const a = other.id
    const at = (iso: string) => new Date(iso)
    await t.db.orm.insert(analyticsEvents).values([
      { appId: a, eventName: 'sdk_initialize', createdAt: at('2030-01-01T00:00:00Z') },
      { appId: a, eventName: 'sdk_initialize', createdAt: at('2030-01-01T23:59:59Z') },
      { appId: a, eventName: 'login_started', createdAt: at('2030-01-01T12:00:00Z') },
      { appId: a, eventName: 'sdk_initialize', createdAt: at('2030-01-02T00:00:00Z') },
    ])
    expect(await countAnalyticsEvents(t.db, { appId: a })).toEqual([
      { appId: a, day: '2030-01-01', eventName: 'login_started', count: 1 },
      { appId: a, day: '2030-01-01', eventName: 'sdk_initialize', count: 2 },
      { appId: a, day: '2030-01-02', eventName: 'sdk_initialize', count: 1 },
    ])
    expect(await countAnalyticsEvents(t.db, { appId: a, since: at('2030-01-01T23:00:00Z') })).toEqual([
      { appId: a, day: '2030-01-01', eventName: 'sdk_initialize', count: 1 },
      { appId: a, day: '2030-01-02', eventName: 'sdk_initialize', count: 1 },
    ])
    const all = await countAnalyticsEvents(t.db)
    expect(all.filter((row) => row.appId === a)).toHaveLength(3)
  })

  test('boundary: an app without events has no lines', async () => {
    const empty = await createAppRecord(t.db, { name: 'Empty', masterKey: t.masterKey })
    expect(await countAnalyticsEvents(t.db, { appId: empty.id })).toEqual([])
  })
})
