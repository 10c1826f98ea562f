import { readFile } from 'node:fs/promises'
import { inject } from 'vitest'
import type { FoyerDatabase } from '../db/FoyerDatabase'
import { migrate } from '../db/migrate'
import { openDatabase } from '../db/openDatabase'

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * A PGlite data directory with every migration applied, as an uncompressed tar file
     * (`PGlite.dumpDataDir`), written once per run by ./pgliteTemplateGlobalSetup.ts; '' when there is none.
     */
    pgliteTemplate: string
  }
}

/**
 * Builds the template: a fresh in-memory PGlite, migrated, dumped as an uncompressed tar. Creating a PGlite
 * runs `initdb` inside WebAssembly and the migrations then replay every SQL file: together seconds per
 * database on a busy machine, paid once per run instead of once per test file.
 */
export async function buildPgliteTemplate(): Promise<Blob> {
  const db = await openDatabase({})
  try {
    await migrate(db)
    if (db.kind !== 'pglite') throw new Error('expected PGlite')
    return await db.driver.$client.dumpDataDir('none')
  } finally {
    await db.close()
  }
}

/**
 * A fresh, migrated in-memory PGlite of this test file's own: a copy of the run's template
 * (`PGlite.create({ loadDataDir })`) when the global set-up made one, else created and migrated here.
 * Each call answers an independent database; `close()` releases it.
 */
export async function openTestDatabase(): Promise<FoyerDatabase> {
  const template = templatePath()
  if (!template) {
    const db = await openDatabase({})
    await migrate(db)
    return db
  }
  return openDatabase({ loadDataDir: new Blob([await readFile(template)]) })
}

/** The template's path, or undefined outside a Vitest run whose global set-up made one. */
function templatePath(): string | undefined {
  try {
    return inject('pgliteTemplate') || undefined
  } catch {
    return undefined
  }
}
