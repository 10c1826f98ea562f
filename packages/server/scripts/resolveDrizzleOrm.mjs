// Module resolve hook for scripts/drizzleKit.mjs: resolve `drizzle-orm` as if imported from this package.
const fromServerPackage = new URL('../package.json', import.meta.url).href

export async function resolve(specifier, context, nextResolve) {
  if (specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/')) {
    return nextResolve(specifier, { ...context, parentURL: fromServerPackage })
  }
  return nextResolve(specifier, context)
}
