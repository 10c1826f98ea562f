// Runs drizzle-kit (hoisted to the workspace root) so that its `drizzle-orm` imports resolve to this
// package's copy (drizzle-orm is installed under packages/server/node_modules only).
// Usage: node scripts/drizzleKit.mjs generate --config drizzle.config.ts
import { createRequire, register } from 'node:module'
import { dirname, join } from 'node:path'

register('./resolveDrizzleOrm.mjs', import.meta.url)
const require = createRequire(import.meta.url)
process.env.NODE_PATH = new URL('../node_modules', import.meta.url).pathname
require('node:module').Module._initPaths()
require(join(dirname(require.resolve('drizzle-kit')), 'bin.cjs'))
