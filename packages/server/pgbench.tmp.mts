import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
let t = performance.now()
const a = await PGlite.create()
console.log('create', (performance.now() - t).toFixed(0)); t = performance.now()
await migrate(drizzle({ client: a }), { migrationsFolder: process.cwd() + '/drizzle' })
console.log('migrate', (performance.now() - t).toFixed(0)); t = performance.now()
const dump = await a.dumpDataDir('none')
console.log('dump', (performance.now() - t).toFixed(0), dump.size); t = performance.now()
const b = await PGlite.create({ loadDataDir: dump })
console.log('load', (performance.now() - t).toFixed(0)); t = performance.now()
console.log((await b.query('select count(*) from apps')).rows)
const c = await PGlite.create()
console.log('create2', (performance.now() - t).toFixed(0)); t = performance.now()
