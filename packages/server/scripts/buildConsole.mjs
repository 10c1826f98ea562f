// The package build (`npm run build -w @foyer/server`): bundles the operator console's page into
// dist/console, so that a production server serves it without running esbuild.
import '../../../scripts/registerSources.mjs'

const { bundleConsole } = await import('../src/features/console/page/bundleConsole.ts')
const { CONSOLE_DIST_DIR, writeConsoleBundle } = await import(
  '../src/features/console/page/prebuiltConsole.ts'
)
const bundle = await bundleConsole()
await writeConsoleBundle(bundle, CONSOLE_DIST_DIR)
process.stdout.write(
  `console built: ${bundle.script} (${bundle.files.length} files) in ${CONSOLE_DIST_DIR}\n`,
)
