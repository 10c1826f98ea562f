import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto'
import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { extname, join, normalize } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { launchBrowser } from '../support/launchBrowser'
import { freshEmail, openDemo, signInWithEmail, waitForTestId } from '../support/signInWithEmail'

// The packages as a host developer gets them from a registry (docs/packaging.md): `npm pack` of each public
// package (its `prepack` builds it), then fresh apps outside the repository that install only those tarballs
// — no workspace links — and use them as documented. Installs are the slow part: each fixture's
// node_modules is kept in the OS temp folder, keyed by the tarballs' and the fixture's hashes.

const run = promisify(execFile)
const root = fileURLToPath(new URL('../..', import.meta.url))
const fixtures = fileURLToPath(new URL('./fixtures', import.meta.url))
// One folder per checkout, so that test runs of two clones on one machine never share (or prune) installs.
const work = join(
  tmpdir(),
  'foyer-packed-install',
  createHash('sha256').update(root).digest('hex').slice(0, 12),
)
const publicPackages = ['protocol', 'core', 'react', 'wagmi', 'node', 'server'] as const
type PublicPackage = (typeof publicPackages)[number]

/** The environment of npm and node children: without the `npm_*` variables of the `npm test` around us. */
const childEnv = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => !name.startsWith('npm_') && name !== 'NODE_OPTIONS'),
)

/** Tarball path and content hash of each public package, packed once for the whole file. */
const tarballs = new Map<PublicPackage, { file: string; hash: string }>()
const started: ChildProcess[] = []
const servers: Server[] = []
/** Children started in a process group of their own (`next start` forks workers): stopped as a group. */
const groups: ChildProcess[] = []
const tempDirs: string[] = []

/** Each package's packing, by name: resolves once its tarball is in {@link tarballs}. */
const packs = new Map<PublicPackage, Promise<void>>()

/** `npm pack` of one public package (its `prepack` builds it) into `destination`; records its tarball. */
async function pack(name: PublicPackage, destination: string): Promise<void> {
  const { stdout } = await run(
    'npm',
    ['pack', '-w', `@foyer/${name}`, '--pack-destination', destination, '--json', '--loglevel', 'error'],
    { cwd: root, env: childEnv, maxBuffer: 64 * 1024 * 1024 },
  )
  // The build that `prepack` runs prints to the same stdout (with colours under CI=true, whose escapes hold
  // '['): npm's JSON is the array that starts on a line of its own.
  const packed = JSON.parse(stdout.slice(stdout.search(/^\[$/m))) as { name: string; filename: string }[]
  const entry = packed.find((item) => item.name === `@foyer/${name}`)
  if (!entry) throw new Error(`npm pack did not pack @foyer/${name}`)
  const file = join(destination, entry.filename)
  const hash = createHash('sha256')
    .update(await readFile(file))
    .digest('hex')
  tarballs.set(name, { file, hash })
}

beforeAll(async () => {
  await mkdir(work, { recursive: true })
  const destination = await mkdtemp(join(work, 'tarballs-'))
  tempDirs.push(destination)
  // The builds are single-threaded type checks and bundling, independent of each other (each compiles its
  // dependencies from their sources): two lanes of about equal length, so that both cores work.
  const lanes: PublicPackage[][] = [
    ['protocol', 'react', 'node'],
    ['core', 'server', 'wagmi'],
  ]
  for (const lane of lanes) {
    let previous = Promise.resolve()
    for (const name of lane) {
      const packing = previous.then(() => pack(name, destination))
      packs.set(name, packing)
      previous = packing.catch(() => {})
    }
  }
  // Installs are mostly network and disk (npm's cache): each starts as soon as its tarballs are packed, beside
  // the builds still running, rather than one after another inside the tests; each test awaits its own.
  for (const install of [NODE_BACKEND, SERVER, VITE_APP, REACT_18_APP, NEXT_APP]) void installed(...install)
  await Promise.all(publicPackages.map((name) => packs.get(name)))
}, 600_000)

afterAll(async () => {
  await Promise.all(started.map((child) => stop(child)))
  await Promise.all(groups.map((child) => stop(child, true)))
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))))
  await Promise.all(tempDirs.map((dir) => rm(dir, { recursive: true, force: true })))
})

/** Another variant of a fixture: its name, and dependency versions that replace the fixture's own. */
type FixtureVariant = {
  name: string
  dependencies: Record<string, string>
  devDependencies: Record<string, string>
}

/**
 * A fresh app in the OS temp folder: the fixture folder's files, the given tarballs as its `@foyer/*`
 * dependencies (`file:` paths, copied beside it), installed with npm (offline from npm's cache where it
 * can). Reused as is when the fixture, the variant and the tarballs have not changed. Returns its folder.
 */
async function installFixture(
  fixture: string,
  packages: readonly PublicPackage[],
  variant?: FixtureVariant,
): Promise<string> {
  await Promise.all(packages.map((name) => packs.get(name)))
  const fixtureDir = join(fixtures, fixture)
  const files = (await readdir(fixtureDir, { recursive: true })).sort()
  const key = createHash('sha256').update(JSON.stringify(variant ?? null))
  for (const name of packages) key.update(`${name}:${tarballs.get(name)?.hash}\n`)
  for (const file of files) {
    const path = join(fixtureDir, file)
    if ((await stat(path)).isFile()) key.update(`${file}\n`).update(await readFile(path))
  }
  const digest = key.digest('hex').slice(0, 16)
  const name = variant ? `${fixture}-${variant.name}` : fixture
  const dir = join(work, `${name}-${digest}`)
  const marker = join(dir, 'node_modules', '.foyer-installed')
  if (await stat(marker).catch(() => null)) return dir

  // Older installs of this fixture are stale: remove them, then lay the app out anew.
  for (const entry of await readdir(work).catch(() => [] as string[]))
    if (entry.startsWith(`${name}-`) && /^[0-9a-f]{16}$/.test(entry.slice(name.length + 1)))
      await rm(join(work, entry), { recursive: true, force: true })
  await cp(fixtureDir, dir, { recursive: true })
  const manifest = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>
    devDependencies?: Record<string, string>
  }
  manifest.dependencies = { ...manifest.dependencies, ...variant?.dependencies }
  manifest.devDependencies = { ...manifest.devDependencies, ...variant?.devDependencies }
  await mkdir(join(dir, 'tarballs'))
  for (const name of packages) {
    const tarball = tarballs.get(name)
    if (!tarball) throw new Error(`@foyer/${name} was not packed`)
    await cp(tarball.file, join(dir, 'tarballs', `foyer-${name}.tgz`))
    manifest.dependencies[`@foyer/${name}`] = `file:tarballs/foyer-${name}.tgz`
  }
  await writeFile(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`)
  await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel', 'error'], {
    cwd: dir,
    env: childEnv,
    maxBuffer: 64 * 1024 * 1024,
  })
  await writeFile(marker, '')
  return dir
}

/** The fixtures the tests install: a fixture folder, the tarballs it takes, and a variant. */
type FixtureInstall = [fixture: string, packages: readonly PublicPackage[], variant?: FixtureVariant]
const VITE_APP: FixtureInstall = ['viteReactApp', ['protocol', 'core', 'react']]
const REACT_18_APP: FixtureInstall = [
  'viteReactApp',
  ['protocol', 'core', 'react'],
  {
    name: 'react18',
    dependencies: { react: '^18.3.1', 'react-dom': '^18.3.1' },
    devDependencies: { '@types/react': '^18.3.0', '@types/react-dom': '^18.3.0' },
  },
]
const SERVER: FixtureInstall = ['server', ['protocol', 'server']]
const NODE_BACKEND: FixtureInstall = ['nodeBackend', ['protocol', 'node']]
const NEXT_APP: FixtureInstall = ['nextApp', ['protocol', 'core', 'react']]

const installs = new Map<string, Promise<string>>()
/**
 * {@link installFixture}, once per fixture and variant for the whole file: the first call starts the install,
 * later calls (and the tests) await the same one.
 */
function installed(...[fixture, packages, variant]: FixtureInstall): Promise<string> {
  const key = JSON.stringify([fixture, packages, variant ?? null])
  let install = installs.get(key)
  if (!install) {
    install = installFixture(fixture, packages, variant)
    // The test that awaits it reports a failure; the early start (beforeAll) must not be an unhandled one.
    install.catch(() => {})
    installs.set(key, install)
  }
  return install
}

/**
 * The fixture's strict type check (its tsconfig, its TypeScript) over its sources and the @foyer declarations,
 * third-party declarations read but not checked (checkTypes.mjs); rejects with the diagnostics.
 */
async function typeCheck(dir: string): Promise<void> {
  await run(process.execPath, [join(fileURLToPath(new URL('.', import.meta.url)), 'checkTypes.mjs'), dir], {
    cwd: dir,
    env: childEnv,
  }).catch((error: { stdout?: string }) => {
    throw new Error(`type check failed:\n${error.stdout ?? String(error)}`)
  })
}

/** SIGTERM, then SIGKILL after 12 s (to its process group with `group`); resolves once `child` has exited. */
async function stop(child: ChildProcess, group = false): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  const signal = (name: NodeJS.Signals) => {
    try {
      if (group && child.pid) process.kill(-child.pid, name)
      else child.kill(name)
    } catch {
      // Already gone.
    }
  }
  signal('SIGTERM')
  const forced = setTimeout(() => signal('SIGKILL'), 12_000)
  await exited
  clearTimeout(forced)
}

/**
 * Starts `foyer-server start` from the server fixture's installed package, on a free loopback port with a
 * fresh data folder, and resolves with its URL once it listens. `afterAll` stops it.
 */
async function startPackedServer(
  dir: string,
  env: Record<string, string>,
): Promise<{ url: string; child: ChildProcess }> {
  const bin = join(dir, 'node_modules', '@foyer', 'server', 'bin', 'foyer-server.mjs')
  const child = spawn(process.execPath, [bin, 'start'], {
    cwd: dir,
    env: { ...childEnv, HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  started.push(child)
  let output = ''
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const match = /Foyer server listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)
      if (match?.[1]) resolve({ url: match[1], child })
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', onData)
    child.once('exit', (code) => reject(new Error(`the server exited (${code}):\n${output}`)))
  })
}

/** A fresh data folder (in its own temp folder; the development master key is kept inside it). */
async function freshDataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'foyer-packed-data-'))
  tempDirs.push(dir)
  return join(dir, 'data')
}

let viteApp: Promise<string> | undefined
/** The Vite + React fixture, installed, type-checked strictly (checkTypes.mjs) and built; resolves with its folder. */
function buildViteApp(): Promise<string> {
  viteApp ??= (async () => {
    const dir = await installed(...VITE_APP)
    await typeCheck(dir)
    await rm(join(dir, 'dist'), { recursive: true, force: true })
    await run(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'error'], {
      cwd: dir,
      env: childEnv,
    })
    return dir
  })()
  return viteApp
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
}

/** Serves the static files of `root` on a free loopback port, as a host's web server would; returns its URL. */
async function serveStatic(root: string): Promise<string> {
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname))
    const file = join(root, path === '/' ? 'index.html' : path)
    readFile(file).then(
      (body) => {
        response.writeHead(200, { 'content-type': contentTypes[extname(file)] ?? 'application/octet-stream' })
        response.end(body)
      },
      () => {
        response.writeHead(404)
        response.end()
      },
    )
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (!address || typeof address === 'string') throw new Error('no address')
  return `http://127.0.0.1:${address.port}`
}

/** A free loopback port (for tools that cannot listen on port 0 and report it). */
async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise((resolve) => server.close(resolve))
  if (!address || typeof address === 'string') throw new Error('no address')
  return address.port
}

/** Base64url of a string or bytes (RFC 7515 §2). */
const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url')

describe('packed packages installed in fresh apps', () => {
  test('tarballs: built JavaScript and declarations only, no sources or tests', async () => {
    for (const name of publicPackages) {
      const tarball = tarballs.get(name)
      if (!tarball) throw new Error(`@foyer/${name} was not packed`)
      const { stdout } = await run('tar', ['tzf', tarball.file], { maxBuffer: 16 * 1024 * 1024 })
      const files = stdout.trim().split('\n')
      expect(files, name).toContain('package/LICENSE')
      expect(files, name).toContain('package/package.json')
      expect(
        files.filter((file) => /\.(ts|tsx|mts)$/.test(file) && !file.endsWith('.d.ts')),
        name,
      ).toEqual([])
      expect(
        files.filter((file) => /\.test\.|__snapshots__|\/src\//.test(file)),
        name,
      ).toEqual([])
      const manifest = JSON.parse(
        (await run('tar', ['xzfO', tarball.file, 'package/package.json'])).stdout,
      ) as Record<string, unknown>
      // The private wallet frame is built into the server's package, never installed.
      expect(JSON.stringify([manifest.dependencies, manifest.peerDependencies]), name).not.toContain(
        '@foyer/wallet-frame',
      )
      expect(manifest.engines, name).toEqual({ node: expect.any(String) })
    }
    for (const name of ['react', 'wagmi'] as const) {
      const file = tarballs.get(name)?.file ?? ''
      const entry = (await run('tar', ['xzfO', file, 'package/dist/index.js'])).stdout
      expect(entry.split('\n')[0], name).toBe("'use client'")
    }
    const server = (await run('tar', ['tzf', tarballs.get('server')?.file ?? ''])).stdout
    expect(server).toContain('package/dist/wallet-frame/manifest.json')
  }, 60_000)

  test('a plain Node back end verifies an access token with @foyer/node (no TypeScript loader)', async () => {
    const dir = await installed(...NODE_BACKEND)
    const { stdout: imported } = await run(
      process.execPath,
      ['-e', "import('@foyer/node').then((m) => console.log(Object.keys(m).sort().join(',')))"],
      { cwd: dir, env: childEnv },
    )
    expect(imported.trim()).toBe(
      'InvalidTokenError,WalletApiError,authorizationPublicKey,createWalletApiClient,generateAuthorizationKeyPair,signAuthorizationRequest,verifyAccessToken,verifyIdentityToken',
    )
    // Request signing runs from the tarballs too (protocol's RFC 8785 canonicalization is a real dependency).
    const { stdout: signed } = await run(
      process.execPath,
      [
        '-e',
        "import('@foyer/node').then((m) => { const k = m.generateAuthorizationKeyPair(); console.log(m.signAuthorizationRequest(k.privateKey, { method: 'POST', url: 'https://foyer.example/api/v1/x', body: { a: 1 }, appId: 'app' }).length > 60) })",
      ],
      { cwd: dir, env: childEnv },
    )
    expect(signed.trim()).toBe('true')

    // An access token as the server issues it (ES256 JWT; docs/security.md), signed here with a fresh key.
    const appId = 'packedinstallapp000000000'
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    const now = Math.floor(Date.now() / 1000)
    const header = base64url(JSON.stringify({ alg: 'ES256', typ: 'JWT' }))
    const claims = {
      sid: 'session-1',
      sub: 'did:foyer:user1',
      iss: 'foyer',
      aud: appId,
      iat: now,
      exp: now + 600,
    }
    const payload = base64url(JSON.stringify(claims))
    const signature = sign('sha256', Buffer.from(`${header}.${payload}`), {
      key: privateKey,
      dsaEncoding: 'ieee-p1363',
    })
    const token = `${header}.${payload}.${base64url(signature)}`
    const verify = async (candidate: string) => {
      const { stdout } = await run(process.execPath, ['verify.mjs'], {
        cwd: dir,
        env: {
          ...childEnv,
          FOYER_TOKEN: candidate,
          FOYER_APP_ID: appId,
          FOYER_VERIFICATION_KEY: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
        },
      })
      return JSON.parse(stdout) as unknown
    }
    expect(await verify(token)).toEqual({
      ok: true,
      claims: {
        userId: 'did:foyer:user1',
        sessionId: 'session-1',
        appId,
        issuer: 'foyer',
        issuedAt: now,
        expiresAt: now + 600,
      },
    })
    const forged = `${header}.${base64url(JSON.stringify({ ...claims, sub: 'did:foyer:user2' }))}.${base64url(signature)}`
    expect(await verify(forged)).toEqual({ ok: false, code: expect.any(String) })
  }, 300_000)

  test('a Vite + React app type-checks strictly and builds', async () => {
    const dir = await buildViteApp()
    const html = await readFile(join(dir, 'dist', 'index.html'), 'utf8')
    expect(html).toMatch(/<script type="module"[^>]*src="\/assets\/index-[\w-]+\.js"/)
    const { stdout, stderr } = await run(process.execPath, ['ssr.mjs'], { cwd: dir, env: childEnv })
    expect(stdout.trim()).toBe('<p>host content</p>')
    expect(stderr).toBe('')
  }, 400_000)

  test('with React 18, the lowest of the peer range: the strict type check passes and the provider renders on the server', async () => {
    const dir = await installed(...REACT_18_APP)
    await typeCheck(dir)
    const { stdout } = await run(process.execPath, ['ssr.mjs'], { cwd: dir, env: childEnv })
    expect(stdout.trim()).toBe('<p>host content</p>')
  }, 300_000)

  test('the server installed from its tarball starts in production and is ready', async () => {
    const dir = await installed(...SERVER)
    const bin = join(dir, 'node_modules', '@foyer', 'server', 'bin', 'foyer-server.mjs')
    const env = {
      NODE_ENV: 'production',
      FOYER_DATA_DIR: await freshDataDir(),
      FOYER_MASTER_KEY: randomBytes(32).toString('base64'),
    }
    const { stdout: created } = await run(
      process.execPath,
      [bin, 'app', 'create', '--name', 'Packed', '--origin', 'http://127.0.0.1:5173'],
      { cwd: dir, env: { ...childEnv, ...env } },
    )
    const appId = created.trim().split('\n').at(-1) ?? ''
    expect(appId).toMatch(/^[a-z0-9]{25}$/)

    const { url, child } = await startPackedServer(dir, env)
    expect((await fetch(`${url}/readyz`)).status).toBe(200)
    // The wallet frame built into the package at pack time is served, with its script.
    const page = await fetch(`${url}/apps/${appId}/embedded-wallets`)
    expect(page.status).toBe(200)
    const script = /src="(\/embedded-wallets\/assets\/frame-[\w]+\.js)"/.exec(await page.text())?.[1]
    expect(script).toBeDefined()
    const asset = await fetch(`${url}${script}`)
    expect(asset.status).toBe(200)
    expect(asset.headers.get('content-type')).toMatch(/javascript/)
    await stop(child)
    expect(child.exitCode).toBe(0)
  }, 300_000)

  test('the Vite app signs in by email in Chromium against the packed server; the Node back end verifies its token', async () => {
    const [appDir, serverDir, backendDir] = await Promise.all([
      buildViteApp(),
      installed(...SERVER),
      installed(...NODE_BACKEND),
    ])
    // Development mode: the dev mailbox gives the code, and the seeded demo app allows loopback origins.
    const { url: apiUrl } = await startPackedServer(serverDir, {
      NODE_ENV: 'development',
      FOYER_DEV_MAILBOX: '1',
      FOYER_DATA_DIR: await freshDataDir(),
    })
    const appUrl = await serveStatic(join(appDir, 'dist'))
    const browser = await launchBrowser()
    try {
      const page = await browser.newPage()
      const problems: string[] = []
      page.on('pageerror', (error) => problems.push(String(error)))
      await openDemo(page, `${appUrl}/?apiUrl=${encodeURIComponent(apiUrl)}`)
      await signInWithEmail(page, apiUrl, freshEmail('packed'))
      const userId = (await page.getByTestId('user-id').textContent()) ?? ''
      expect(userId).toMatch(/^did:foyer:/)
      await page.waitForFunction(() => document.querySelector('[data-testid="access-token"]')?.textContent)
      const token = (await page.getByTestId('access-token').textContent()) ?? ''
      const appId = 'foyerdemoapp0000000000000'
      const { stdout } = await run(process.execPath, ['verify.mjs'], {
        cwd: backendDir,
        env: {
          ...childEnv,
          FOYER_TOKEN: token,
          FOYER_APP_ID: appId,
          FOYER_JWKS_URL: `${apiUrl}/api/v1/apps/${appId}/jwks.json`,
        },
      })
      expect(JSON.parse(stdout)).toMatchObject({ ok: true, claims: { userId, appId } })
      await page.getByRole('button', { name: 'Log out' }).click()
      await waitForTestId(page, 'authenticated', 'false')
      expect(problems).toEqual([])
    } finally {
      await browser.close()
    }
  }, 400_000)

  test('a Next.js app builds, starts and signs in by email in Chromium on an App Router page and on a Pages Router page, with no hydration warning', async () => {
    const [appDir, serverDir] = await Promise.all([installed(...NEXT_APP), installed(...SERVER)])
    const nextBin = join(appDir, 'node_modules', 'next', 'dist', 'bin', 'next')
    const nextEnv = { ...childEnv, NEXT_TELEMETRY_DISABLED: '1' }
    // The install is keyed by the tarballs and the fixture: a build made in it is still current.
    if (!(await stat(join(appDir, '.next', 'BUILD_ID')).catch(() => null)))
      await run(process.execPath, [nextBin, 'build'], {
        cwd: appDir,
        env: nextEnv,
        maxBuffer: 64 * 1024 * 1024,
      })

    const { url: apiUrl } = await startPackedServer(serverDir, {
      NODE_ENV: 'development',
      FOYER_DEV_MAILBOX: '1',
      FOYER_DATA_DIR: await freshDataDir(),
    })
    const port = await freePort()
    const next = spawn(process.execPath, [nextBin, 'start', '-H', '127.0.0.1', '-p', String(port)], {
      cwd: appDir,
      env: { ...nextEnv, NODE_ENV: 'production', FOYER_API_URL: apiUrl },
      stdio: 'ignore',
      detached: true,
    })
    groups.push(next)
    const appUrl = `http://127.0.0.1:${port}`
    await expect
      .poll(
        () =>
          fetch(appUrl).then(
            (response) => response.status,
            () => 0,
          ),
        { timeout: 60_000, interval: 500 },
      )
      .toBe(200)

    const browser = await launchBrowser()
    try {
      // The provider in the root layout (App Router, `/`), then in the custom App (Pages Router,
      // `/pages-router`), each in a fresh browser profile.
      for (const path of ['/', '/pages-router']) {
        const page = await (await browser.newContext()).newPage()
        const problems: string[] = []
        page.on('pageerror', (error) => problems.push(String(error)))
        page.on('console', (message) => {
          // A failed load is reported by the response listener, with its URL.
          if (message.text().startsWith('Failed to load resource')) return
          if (message.type() === 'error' || /hydrat/i.test(message.text())) problems.push(message.text())
        })
        page.on('response', (response) => {
          // The fixture has no favicon; every other request must succeed.
          const { pathname } = new URL(response.url())
          if (response.status() >= 400 && pathname !== '/favicon.ico')
            problems.push(`${response.status()} ${response.url()}`)
        })
        const startedAt = Date.now()
        await openDemo(page, `${appUrl}${path}`)
        expect(await page.locator('h1').textContent()).toBe(
          path === '/' ? 'Next.js host' : 'Next.js host, Pages Router',
        )
        await signInWithEmail(page, apiUrl, freshEmail('next'))
        expect((await page.getByTestId('user-id').textContent()) ?? '').toMatch(/^did:foyer:/)
        expect(problems).toEqual([])
        console.info(`Next.js ${path}: opened and signed in in ${Date.now() - startedAt} ms`)
      }
    } finally {
      await browser.close()
    }
  }, 500_000)
})
