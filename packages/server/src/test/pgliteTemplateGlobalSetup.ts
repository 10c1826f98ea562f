import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { buildPgliteTemplate } from './pgliteTemplate'

/**
 * Vitest global set-up of the `node` project: migrates one PGlite data directory for the whole run and
 * writes it to a temporary file that `openTestDatabase` (./pgliteTemplate.ts) copies for each test file's
 * own database. Removed after the run.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const directory = await mkdtemp(join(tmpdir(), 'foyer-pglite-template-'))
  const file = join(directory, 'migrated.tar')
  await writeFile(file, Buffer.from(await (await buildPgliteTemplate()).arrayBuffer()))
  project.provide('pgliteTemplate', file)
  return () => rm(directory, { recursive: true, force: true })
}
