/** JSON safe inside a `<script type="application/json">` element (no `</script>`, no line separators). */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029')
}

/**
 * The HTML of a page served with its bundle (docs/console.md#the-page; docs/modal.md): `title`, the config
 * block `<script id="{configId}" type="application/json">` its script reads, the `head` lines (style sheets),
 * the module script at `scriptPath`, then `body`.
 */
export function renderBundledPage(parameters: {
  title: string
  configId: string
  config: unknown
  head?: readonly string[]
  scriptPath: string
  body: string
}): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width,initial-scale=1">',
    '<meta name="referrer" content="no-referrer">',
    `<title>${parameters.title}</title>`,
    `<script id="${parameters.configId}" type="application/json">${scriptJson(parameters.config)}</script>`,
    ...(parameters.head ?? []),
    `<script type="module" src="${parameters.scriptPath}"></script>`,
    '</head>',
    `<body>${parameters.body}</body>`,
    '</html>',
  ].join('\n')
}

/**
 * The bundle of a page, loaded once on the first request and shared: in production `readBuilt(dir)` (the
 * package build; an Error naming `what` and `dir` when there is none); elsewhere `bundle()` from the
 * sources, falling back to the build when the sources are not there (an installed package). A failed load
 * is retried on the next request.
 */
export function bundleLoader<Bundle>(options: {
  production: boolean
  what: string
  dir: string
  bundle: () => Promise<Bundle>
  readBuilt: (dir: string) => Promise<Bundle | undefined | null>
}): () => Promise<Bundle> {
  let loaded: Promise<Bundle> | undefined
  const load = async (): Promise<Bundle> => {
    if (!options.production)
      return options
        .bundle()
        .catch(async (error: unknown) => (await options.readBuilt(options.dir)) ?? Promise.reject(error))
    const built = await options.readBuilt(options.dir)
    if (!built)
      throw new Error(`The ${options.what} is not built (${options.dir}): run npm run build -w @foyer/server`)
    return built
  }
  return () => {
    loaded ??= load().catch((error: unknown) => {
      loaded = undefined
      throw error
    })
    return loaded
  }
}
