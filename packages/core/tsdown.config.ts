import { defineConfig } from 'tsdown'
import { publishedBuild } from '../../scripts/build/publishedBuild'

/** The published build (docs/packaging.md): ESM JavaScript and declarations with maps in `dist/`. */
export default defineConfig(
  publishedBuild({
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
        'smartWallets',
      ].map((name) => [name, `src/exports/${name}.ts`]),
    ),
  }),
)
