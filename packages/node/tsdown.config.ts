import { defineConfig } from 'tsdown'

/** The published build (docs/packaging.md): ESM JavaScript and declarations with maps in `dist/`. */
export default defineConfig({
  entry: { index: 'src/exports/index.ts' },
  format: 'esm',
  platform: 'node',
  target: 'es2022',
  dts: { sourcemap: true },
  tsconfig: '../../tsconfig.base.json',
  outDir: 'dist',
  clean: true,
  fixedExtension: false,
})
