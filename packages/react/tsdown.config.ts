import { defineConfig } from 'tsdown'

/** The published build (docs/packaging.md): ESM JavaScript and declarations with maps in `dist/`. */
export default defineConfig({
  entry: { index: 'src/exports/index.ts' },
  format: 'esm',
  platform: 'neutral',
  target: 'es2022',
  dts: { sourcemap: true },
  tsconfig: '../../tsconfig.base.json',
  outDir: 'dist',
  clean: true,
  fixedExtension: false,
  // Every chunk renders or holds client state: React Server Components frameworks (Next.js App Router)
  // must load it on the client.
  banner: { js: "'use client'" },
})
