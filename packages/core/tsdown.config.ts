import { defineConfig } from 'tsdown'

/** The published build (docs/packaging.md): ESM JavaScript and declarations with maps in `dist/`. */
export default defineConfig({
  entry: Object.fromEntries(
    [
      'index',
      'wallet',
      'externalWallets',
      'captcha',
      'oauth',
      'telegram',
      'farcaster',
      'crossApp',
      'mfa',
      'accountTransfer',
      'funding',
    ].map((name) => [name, `src/exports/${name}.ts`]),
  ),
  format: 'esm',
  platform: 'neutral',
  target: 'es2022',
  dts: { sourcemap: true },
  tsconfig: '../../tsconfig.base.json',
  outDir: 'dist',
  clean: true,
  fixedExtension: false,
})
