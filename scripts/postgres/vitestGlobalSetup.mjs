// Vitest global set-up of the `node` project: the PostgreSQL tests (real connection pools, real
// concurrency) get a database. FOYER_TEST_DATABASE_URL wins when set; otherwise, when PostgreSQL is
// installed (`.ci/run` installs it), a throwaway cluster is started here and stopped after the run. Without
// either, those tests skip and say why.
import { postgresBin, startThrowawayPostgres } from './throwawayPostgres.mjs'

/** @type {undefined | (() => Promise<void>)} */
let stop

/** @param {{ provide: (key: string, value: unknown) => void }} project */
export async function setup(project) {
  const given = process.env.FOYER_TEST_DATABASE_URL
  if (given) {
    project.provide('postgresUrl', given)
    return
  }
  if (postgresBin() === undefined) {
    project.provide('postgresUrl', '')
    return
  }
  try {
    const cluster = await startThrowawayPostgres({ fsync: false })
    stop = cluster.stop
    project.provide('postgresUrl', cluster.url)
  } catch (error) {
    process.stderr.write(`[postgres] could not start a throwaway cluster: ${error}\n`)
    project.provide('postgresUrl', '')
  }
}

export async function teardown() {
  await stop?.()
}
