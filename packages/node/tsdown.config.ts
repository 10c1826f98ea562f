import { defineConfig } from 'tsdown'
import { publishedBuild } from '../../scripts/build/publishedBuild'

/** The published build (docs/packaging.md): ESM JavaScript and declarations with maps in `dist/`, for Node. */
export default defineConfig(publishedBuild({ platform: 'node' }))
