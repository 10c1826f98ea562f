// Runs the workspace packages from their TypeScript sources in this Node process, as the repository's
// tools do (docs/packaging.md): tsx compiles TypeScript, and the `@foyer/source` export condition makes
// `@foyer/*` resolve to `src/` instead of the built `dist/` that only a package build writes.
import { register } from 'node:module'
import { register as registerTsx } from 'tsx/esm/api'

registerTsx()
// Registered after tsx, so it runs first: it adds the condition, then tsx and Node resolve with it.
register(
  `data:text/javascript,${encodeURIComponent(
    `export async function resolve(specifier, context, next) {
      return next(specifier, { ...context, conditions: [...context.conditions, '@foyer/source'] })
    }`,
  )}`,
)
