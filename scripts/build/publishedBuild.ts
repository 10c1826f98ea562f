import type { UserConfig } from 'tsdown'

/**
 * The tsdown settings of a published Foyer package (docs/packaging.md): ESM JavaScript for ES2022 and
 * declarations with their maps in the package's `dist/`, compiled with the repository's `tsconfig.base.json`,
 * from `src/exports/index.ts` unless `overrides` name other entries; `overrides` (entries, `platform`,
 * `banner`, …) replace the defaults key by key. Run from the package's folder, as `npm run build` does.
 *
 * @example export default defineConfig(publishedBuild({ platform: 'node' }))
 */
export function publishedBuild(overrides: UserConfig = {}): UserConfig {
  return {
    entry: { index: 'src/exports/index.ts' },
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    dts: { sourcemap: true },
    tsconfig: '../../tsconfig.base.json',
    outDir: 'dist',
    clean: true,
    fixedExtension: false,
    ...overrides,
  }
}
