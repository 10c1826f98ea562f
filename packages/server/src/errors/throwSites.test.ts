import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

/** The server's source tree: `packages/server/src`. */
const sourceRoot = fileURLToPath(new URL('..', import.meta.url))

/** The one file that constructs `FoyerHttpError`: the catalogue's factory. */
const FACTORY = 'errors/foyerError.ts'

/** Every non-test TypeScript file under `root`, relative to it. */
function sourceFiles(root: string, directory = root): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name)
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(root, path)
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [relative(root, path)] : []
  })
}

/**
 * The `new FoyerHttpError(…)` expressions of `text`: their line, and whether the message is written there (a
 * string or template literal, or an expression holding one).
 */
function directConstructions(path: string, text: string): { line: number; literalMessage: boolean }[] {
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true)
  const found: { line: number; literalMessage: boolean }[] = []
  const hasLiteral = (node: ts.Node): boolean =>
    ts.isStringLiteralLike(node) ||
    ts.isTemplateExpression(node) ||
    ts.forEachChild(node, hasLiteral) === true
  const visit = (node: ts.Node): void => {
    if (ts.isNewExpression(node) && node.expression.getText(file) === 'FoyerHttpError') {
      const message = node.arguments?.[1]
      found.push({
        line: file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1,
        literalMessage: message !== undefined && hasLiteral(message),
      })
    }
    ts.forEachChild(node, visit)
  }
  visit(file)
  return found
}

describe('error throw sites', () => {
  it('default: no server source file but the factory constructs FoyerHttpError: errors are thrown by catalogue key', () => {
    const offenders = sourceFiles(sourceRoot)
      .filter((path) => path !== FACTORY)
      .flatMap((path) =>
        directConstructions(path, readFileSync(join(sourceRoot, path), 'utf8')).map(
          ({ line, literalMessage }) => `${path}:${line}${literalMessage ? ' (message literal)' : ''}`,
        ),
      )
    expect(offenders).toEqual([])
  })

  it('behavior: finds a construction with a literal message, a template or a message from elsewhere', () => {
    const text = [
      "throw new FoyerHttpError('not_found', 'App not found')",
      // A template literal with a placeholder, built so that the source stays a plain string.
      'throw new FoyerHttpError(`invalid_data`, `Unknown $' + '{provider}`)',
      "throw new FoyerHttpError('invalid_data', ok ? 'a' : 'b')",
      "throw new FoyerHttpError('not_found', MESSAGE)",
      "throw foyerError('appNotFound')",
    ].join('\n')
    expect(directConstructions('example.ts', text)).toEqual([
      { line: 1, literalMessage: true },
      { line: 2, literalMessage: true },
      { line: 3, literalMessage: true },
      { line: 4, literalMessage: false },
    ])
  })

  it('edge: the factory exists where the guard expects it', () => {
    expect(sourceFiles(sourceRoot)).toContain(FACTORY)
  })
})
