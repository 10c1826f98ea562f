#!/usr/bin/env node
// Generates packages/core/src/externalWallets/directory/walletDirectoryData.ts (names, hostnames, rdns, mobile
// links, download links) and walletDirectoryIcons.ts (icons) from RainbowKit's published wallet connectors
// (`@rainbow-me/rainbowkit` on npm, MIT), and fills the WalletConnect mobile links RainbowKit lacks from the
// WalletConnect registry entries thirdweb publishes (`thirdweb` on npm, Apache-2.0). Both licences are copied to
// packages/core/NOTICE.md.
//
//   node scripts/walletDirectory/generate.mjs            # the pinned version below
//
// How: `npm pack` fetches the package tarball into a temporary directory; esbuild bundles its
// `dist/wallets/walletConnectors` with `wagmi` stubbed out (only the wallets' descriptions are read, never their
// connectors); each wallet function runs with an iPhone, an Android and a desktop `navigator`, and its
// `mobile.getUri` is called with a marker pairing URI to learn the link format of each platform. Then, for each
// wallet still without a mobile link, thirdweb's generated registry entry of the same rdns or name
// (`dist/esm/wallets/__generated__/wallet/<id>/index.js`: `mobile.native`, `mobile.universal`) gives its links,
// formatted as WalletConnect's own modal formats them (`<native>://wc?uri=…`, `<universal>/wc?uri=…`).
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import vm from 'node:vm'
import { build } from 'esbuild'

const VERSION = '2.2.11'
const THIRDWEB_VERSION = '5.121.6'
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const out = join(root, 'packages/core/src/externalWallets/directory')

/** RainbowKit ids → Foyer's wallet client types where they differ from the name's slug (docs/external-wallets.md). */
const CLIENT_TYPES = {
  metaMask: 'metamask',
  coinbase: 'coinbase_wallet',
  baseAccount: 'base_account',
  rainbow: 'rainbow',
  rabby: 'rabby_wallet',
  trust: 'trust',
  okx: 'okx_wallet',
  brave: 'brave_wallet',
  zerion: 'zerion',
  uniswap: 'uniswap',
  bitget: 'bitget_wallet',
  safe: 'safe',
  walletConnect: 'wallet_connect',
  phantom: 'phantom',
  backpack: 'backpack',
  frame: 'frame',
  taho: 'taho',
  exodus: 'exodus',
  bybit: 'bybit_wallet',
  ledger: 'ledger',
}
/** Wallet-standard names (Solana) of wallets that also announce themselves there. */
const STANDARD_NAMES = {
  metamask: ['MetaMask'],
  coinbase_wallet: ['Coinbase Wallet'],
  phantom: ['Phantom'],
  trust: ['Trust'],
  okx_wallet: ['OKX Wallet'],
  brave_wallet: ['Brave Wallet'],
  bitget_wallet: ['Bitget Wallet'],
  backpack: ['Backpack'],
  exodus: ['Exodus'],
}
/** Extra rdns ids seen in the wild for wallets RainbowKit lists with one. */
const EXTRA_RDNS = {
  metamask: ['io.metamask.flask'],
  backpack: ['app.backpack'],
  uniswap: ['org.uniswap.app'],
  taho: ['xyz.taho'],
  safe: ['global.safe'],
}
/** Wallets RainbowKit (an Ethereum kit) does not list: Solana wallets and Exodus, by their own announcements. */
const NOT_IN_RAINBOWKIT = [
  {
    walletClientType: 'exodus',
    name: 'Exodus',
    hostname: 'exodus.com',
    rdns: ['com.exodus.web3-wallet'],
    standardNames: ['Exodus'],
    mobile: {},
    downloadUrls: { mobile: 'https://www.exodus.com/download/' },
  },
  {
    walletClientType: 'solflare',
    name: 'Solflare',
    hostname: 'solflare.com',
    rdns: [],
    standardNames: ['Solflare'],
    mobile: {},
    downloadUrls: { mobile: 'https://solflare.com/download' },
  },
  {
    walletClientType: 'glow',
    name: 'Glow',
    hostname: 'glow.app',
    rdns: [],
    standardNames: ['Glow'],
    mobile: {},
    downloadUrls: { mobile: 'https://glow.app/download' },
  },
]

const MARKER = 'wc:f00d@2?relay-protocol=irn&symKey=beef'
const AGENTS = {
  ios: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
  android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Mobile Safari/537.36',
  desktop: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/124.0 Safari/537.36',
}
const STORE_HOSTS = /(^|\.)(apple\.com|google\.com|microsoft\.com|mozilla\.org|opera\.com|apps\.apple\.com)$/

function slug(name) {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
}

/** A link format: the marker URI replaced by `{uri}` (URI-encoded) — undefined when the link is the bare URI. */
function toTemplate(link) {
  if (typeof link !== 'string' || link === MARKER) return undefined
  const encoded = encodeURIComponent(MARKER)
  if (!link.includes(encoded)) return undefined
  return link.replace(encoded, '{uri}')
}

function hostOf(url) {
  try {
    return new URL(url).hostname.replace(/^www\./, '')
  } catch {
    return undefined
  }
}

/** A name compared across sources: lower case, without a trailing 'wallet' and without punctuation. */
function nameKey(name) {
  return name
    .toLowerCase()
    .replace(/ wallet$/, '')
    .replace(/[^a-z0-9]/g, '')
}

/** A registry `mobile.native` (`metamask://`, `leapcompass:`) as a link format, the way WalletConnect formats it. */
function nativeTemplate(appUrl) {
  if (!appUrl) return undefined
  if (/^https?:\/\//.test(appUrl)) return universalTemplate(appUrl)
  let base = appUrl.includes('://') ? appUrl : `${appUrl.replaceAll('/', '').replaceAll(':', '')}://`
  if (!base.endsWith('/')) base = `${base}/`
  return `${base}wc?uri={uri}`
}

/** A registry `mobile.universal` (`https://metamask.app.link`) as a link format; only `https://` is kept. */
function universalTemplate(appUrl) {
  if (!appUrl?.startsWith('https://')) return undefined
  return `${appUrl.endsWith('/') ? appUrl : `${appUrl}/`}wc?uri={uri}`
}

/**
 * thirdweb's generated WalletConnect registry entries, from its npm tarball: `{ id, name, rdns, mobile }`.
 *
 * @param {string} dir a temporary folder
 * @returns {Promise<{ entries: Array<{ id: string, name: string, rdns?: string, mobile?: { native?: string, universal?: string } }>, licence: string }>}
 */
async function thirdwebRegistry(dir) {
  execFileSync('npm', ['pack', `thirdweb@${THIRDWEB_VERSION}`, '--pack-destination', dir, '--silent'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const generated = 'package/dist/esm/wallets/__generated__/wallet'
  execFileSync('tar', [
    'xzf',
    join(dir, `thirdweb-${THIRDWEB_VERSION}.tgz`),
    '-C',
    dir,
    '--wildcards',
    `${generated}/*/index.js`,
    'package/LICENSE',
  ])
  const entries = []
  for (const id of readdirSync(join(dir, generated))) {
    // Each file is `export const wallet = { … }` of plain literals.
    const source = readFileSync(join(dir, generated, id, 'index.js'), 'utf8')
    const literal = source.slice(source.indexOf('{'), source.lastIndexOf('}') + 1)
    entries.push(vm.runInNewContext(`(${literal})`))
  }
  return { entries, licence: readFileSync(join(dir, 'package/LICENSE'), 'utf8') }
}

const work = mkdtempSync(join(tmpdir(), 'foyer-rainbowkit-'))
try {
  execFileSync('npm', ['pack', `@rainbow-me/rainbowkit@${VERSION}`, '--pack-destination', work, '--silent'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  execFileSync('tar', ['xzf', join(work, `rainbow-me-rainbowkit-${VERSION}.tgz`), '-C', work])
  const pkg = join(work, 'package')
  const licence = readFileSync(join(pkg, 'LICENSE'), 'utf8')
  const bundled = await build({
    entryPoints: [join(pkg, 'dist/wallets/walletConnectors/index.js')],
    bundle: true,
    write: false,
    format: 'iife',
    globalName: 'walletConnectors',
    platform: 'neutral',
    logLevel: 'silent',
    plugins: [
      {
        name: 'stub-wagmi',
        setup(b) {
          b.onResolve({ filter: /^wagmi(\/.*)?$|^@wagmi\// }, (args) => ({
            path: args.path,
            namespace: 'stub',
          }))
          b.onLoad({ filter: /.*/, namespace: 'stub' }, () => ({
            contents:
              'const f = () => () => ({}); export const createConnector = f; export const injected = f; export const walletConnect = f; export const metaMask = f; export const coinbaseWallet = f; export const safe = f; export const mock = f; export const gemini = f; export const porto = f; export const baseAccount = f;',
            loader: 'js',
          }))
        },
      },
    ],
  })
  const navigator = { userAgent: AGENTS.desktop, platform: 'Linux x86_64', maxTouchPoints: 0 }
  const context = vm.createContext({ navigator, console, URL, encodeURIComponent, Promise, setTimeout })
  vm.runInContext(bundled.outputFiles[0].text, context)
  const connectors = context.walletConnectors
  const entries = []
  const icons = {}
  for (const [exported, create] of Object.entries(connectors)) {
    // `injectedWallet` is RainbowKit's generic 'Browser Wallet', not a wallet of its own.
    if (typeof create !== 'function' || !exported.endsWith('Wallet') || exported === 'injectedWallet')
      continue
    const describe = () => create({ projectId: 'p', appName: 'Foyer', walletConnectParameters: {} })
    let wallet
    const links = {}
    try {
      for (const [platform, agent] of Object.entries(AGENTS)) {
        navigator.userAgent = agent
        wallet = describe()
        const getUri = wallet.mobile?.getUri ?? wallet.qrCode?.getUri
        links[platform] = getUri ? toTemplate(await getUri(MARKER)) : undefined
      }
    } catch {
      continue
    }
    navigator.userAgent = AGENTS.desktop
    const walletClientType = CLIENT_TYPES[wallet.id] ?? slug(wallet.name)
    const templates = [links.ios, links.android, links.desktop].filter(Boolean)
    const native = templates.find((link) => !link.startsWith('https://'))
    const universal = templates.find((link) => link.startsWith('https://'))
    const downloadUrls = Object.fromEntries(
      Object.entries(wallet.downloadUrls ?? {}).filter(
        ([, url]) => typeof url === 'string' && url.startsWith('https://'),
      ),
    )
    // The wallet's web host: its own download page's, else its universal link's.
    const hostname =
      [downloadUrls.mobile, downloadUrls.qrCode, downloadUrls.desktop, downloadUrls.browserExtension]
        .map((url) => url && hostOf(url))
        .find((host) => host && !STORE_HOSTS.test(host)) ??
      (universal && hostOf(universal.replace('{uri}', '')))
    if (entries.some((entry) => entry.walletClientType === walletClientType)) continue
    const rdns = [
      ...(typeof wallet.rdns === 'string' ? [wallet.rdns] : []),
      ...(EXTRA_RDNS[walletClientType] ?? []),
    ]
    entries.push({
      walletClientType,
      name: wallet.name,
      ...(hostname ? { hostname } : {}),
      rdns,
      ...(STANDARD_NAMES[walletClientType] ? { standardNames: STANDARD_NAMES[walletClientType] } : {}),
      mobile: { ...(native ? { native } : {}), ...(universal ? { universal } : {}) },
      downloadUrls,
    })
    if (typeof wallet.iconUrl === 'function') {
      const icon = await wallet.iconUrl()
      if (typeof icon === 'string' && icon.startsWith('data:image/')) icons[walletClientType] = icon
    } else if (typeof wallet.iconUrl === 'string' && wallet.iconUrl.startsWith('data:image/'))
      icons[walletClientType] = wallet.iconUrl
  }
  for (const extra of NOT_IN_RAINBOWKIT)
    if (!entries.some((entry) => entry.walletClientType === extra.walletClientType)) entries.push(extra)
  const thirdweb = await thirdwebRegistry(work)
  let filled = 0
  for (const entry of entries) {
    if (entry.mobile.native || entry.mobile.universal) continue
    const match = thirdweb.entries.find(
      (wallet) =>
        (wallet.rdns && entry.rdns.includes(wallet.rdns)) || nameKey(wallet.name) === nameKey(entry.name),
    )
    const native = nativeTemplate(match?.mobile?.native)
    const universal = universalTemplate(match?.mobile?.universal)
    if (!native && !universal) continue
    entry.mobile = { ...(native ? { native } : {}), ...(universal ? { universal } : {}) }
    filled++
  }
  entries.sort((a, b) => a.walletClientType.localeCompare(b.walletClientType))

  const header = `// Generated by scripts/walletDirectory/generate.mjs from @rainbow-me/rainbowkit ${VERSION} (MIT) and thirdweb
// ${THIRDWEB_VERSION} (Apache-2.0; see packages/core/NOTICE.md). Do not edit by hand: run the script.
`
  writeFileSync(
    join(out, 'walletDirectoryData.ts'),
    `${header}import type { WalletDirectoryEntry } from './WalletDirectoryEntry'

/** The wallet directory (docs/external-wallets.md "The directory"): ${entries.length} wallets, by wallet client type. */
export const walletDirectoryData: readonly WalletDirectoryEntry[] = ${JSON.stringify(entries, null, 2)}
`,
  )
  writeFileSync(
    join(out, 'walletDirectoryIcons.ts'),
    `${header}
/** Icons of the wallet directory by wallet client type: \`data:image/…\` URIs (docs/external-wallets.md). */
export const walletDirectoryIcons: Readonly<Record<string, string>> = ${JSON.stringify(icons, null, 2)}
`,
  )
  writeFileSync(
    join(root, 'packages/core/NOTICE.md'),
    `# Notices

Foyer's wallet directory (\`packages/core/src/externalWallets/directory/walletDirectoryData.ts\` and
\`walletDirectoryIcons.ts\`: wallet names, reverse-DNS ids, mobile link formats, download links and icons) is
generated from \`@rainbow-me/rainbowkit\` ${VERSION} (https://github.com/rainbow-me/rainbowkit), under this licence:

\`\`\`
${licence.trim()}
\`\`\`

The WalletConnect mobile link formats of the wallets RainbowKit lists without one are taken from the wallet
registry entries published in \`thirdweb\` ${THIRDWEB_VERSION} (https://github.com/thirdweb-dev/js,
\`dist/esm/wallets/__generated__/wallet\`), under the Apache License 2.0:

\`\`\`
${thirdweb.licence.trim()}
\`\`\`
`,
  )
  execFileSync(
    'npx',
    ['biome', 'format', '--write', join(out, 'walletDirectoryData.ts'), join(out, 'walletDirectoryIcons.ts')],
    {
      cwd: root,
      stdio: 'ignore',
    },
  )
  console.log(
    `${entries.length} wallets, ${Object.keys(icons).length} icons, ${entries.filter((entry) => entry.mobile.native || entry.mobile.universal).length} with mobile links (${filled} from thirdweb)`,
  )
} finally {
  rmSync(work, { recursive: true, force: true })
}
