import { defineConfig } from 'tsdown'
import { publishedBuild } from '../../scripts/build/publishedBuild'

/** The published build (docs/packaging.md): ESM JavaScript and declarations with maps in `dist/`. */
export default defineConfig(
  publishedBuild({
    entry: { index: 'src/exports/index.ts', preview: 'src/exports/preview.ts' },
    // Every chunk renders or holds client state: React Server Components frameworks (Next.js App Router)
    // must load it on the client.
    banner: { js: "'use client'" },
  }),
)
