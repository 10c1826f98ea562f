import { readdir } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import type { FoyerDatabase } from '../db/FoyerDatabase'
import { migrationsFolder } from '../db/migrate'
import { openTestDatabase } from './pgliteTemplate'

type Client = { query(text: string): Promise<{ rows: Array<Record<string, unknown>> }> }
const client = (db: FoyerDatabase) => db.driver.$client as unknown as Client

describe('openTestDatabase', () => {
  let first: FoyerDatabase
  let second: FoyerDatabase
  beforeAll(async () => {
    ;[first, second] = await Promise.all([openTestDatabase(), openTestDatabase()])
  })
  afterAll(async () => {
    await first?.close()
    await second?.close()
  })

  test('default: the global set-up made the migrated template that each database copies', () => {
    expect(inject('pgliteTemplate')).toMatch(/foyer-pglite-template-[^/]+\/migrated\.tar$/)
  })

  test('default: every migration is applied', async () => {
    const sqlFiles = (await readdir(migrationsFolder)).filter((file) => file.endsWith('.sql'))
    const { rows } = await client(first).query('select count(*)::int as n from drizzle.__drizzle_migrations')
    expect(rows[0]?.n).toBe(sqlFiles.length)
  })

  test('behavior: each call is a database of its own: what one writes, the other does not see', async () => {
    await client(first).query('create table only_in_first (id int)')
    await client(first).query('insert into only_in_first values (1)')
    expect((await client(first).query('select count(*)::int as n from only_in_first')).rows[0]?.n).toBe(1)
    await expect(client(second).query('select 1 from only_in_first')).rejects.toThrow(/only_in_first/)
    const third = await openTestDatabase()
    try {
      await expect(client(third).query('select 1 from only_in_first')).rejects.toThrow(/only_in_first/)
    } finally {
      await third.close()
    }
  })
})
