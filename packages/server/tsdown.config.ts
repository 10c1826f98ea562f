import { defineConfig } from 'tsdown'

/**
 * The published build (docs/packaging.md): ESM JavaScript and declarations with maps in `dist/`, one file
 * per source module (`dist/` mirrors `src/`), so paths a module takes from `import.meta.url` (the
 * migrations in `drizzle/`, the built wallet frame in `dist/wallet-frame/`) hold in the package too.
 */
export default defineConfig({
  entry: {
    'exports/index': 'src/exports/index.ts',
    'testing/index': 'src/testing/index.ts',
    'cli/main': 'src/cli/main.ts',
  },
  unbundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  dts: { sourcemap: true },
  tsconfig: '../../tsconfig.base.json',
  outDir: 'dist',
  // `dist/wallet-frame/` is written by scripts/buildWalletFrame.mjs, after this build.
  clean: ['dist/**', '!dist/wallet-frame/**'],
  fixedExtension: false,
})
