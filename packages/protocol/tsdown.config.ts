import { defineConfig } from 'tsdown'
import { publishedBuild } from '../../scripts/build/publishedBuild'

/**
 * The published build (docs/packaging.md): ESM JavaScript and declarations with maps in `dist/`; the
 * console's schemas (`@foyer/protocol/console`) are an entry of their own.
 */
export default defineConfig(
  publishedBuild({ entry: { index: 'src/exports/index.ts', console: 'src/console/index.ts' } }),
)
