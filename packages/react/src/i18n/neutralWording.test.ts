// @vitest-environment node
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { expect, test } from 'vitest'

// No text a user can see says 'Privy'. Every string a screen can show comes from the source
// of these packages — messages, error messages thrown by core and the wallet frame, JSX text — so the
// guard reads every string literal, template and JSX text of their non-test sources. Wire identifiers keep
// the protocol's spelling (`privy-token`, `privy:wallet:create`, `privy_oauth_code`): they never contain
// whitespace, so only text with whitespace (a sentence) is held to the rule.
const root = fileURLToPath(new URL('../../../', import.meta.url))
const packages = ['core', 'react', 'wallet-frame', 'protocol'].map((name) => join(root, name, 'src'))

function sources(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name)
    if (statSync(path).isDirectory()) return name === '__snapshots__' ? [] : sources(path)
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$|\.d\.ts$/.test(name) ? [path] : []
  })
}

/** Every piece of text of `path` a user could be shown, with its line. */
function texts(path: string): { text: string; line: number }[] {
  const file = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true)
  const found: { text: string; line: number }[] = []
  const visit = (node: ts.Node) => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node) ||
      ts.isJsxText(node)
    )
      found.push({ text: node.text, line: file.getLineAndCharacterOfPosition(node.getStart()).line + 1 })
    ts.forEachChild(node, visit)
  }
  visit(file)
  return found
}

// The shipped locales hold only texts a user sees, and Japanese and Chinese sentences have no
// spaces: every string of a locale file is held to the rule.
const localeDirectory = join(root, 'react', 'src', 'i18n', 'locales')
const isLocaleFile = (path: string) => path.startsWith(localeDirectory)

test('behavior: no sentence a user can see names Privy', () => {
  const offenders = packages.flatMap(sources).flatMap((path) =>
    texts(path)
      .filter(({ text }) => (isLocaleFile(path) || /\s/.test(text.trim())) && /privy/i.test(text))
      .map(({ text, line }) => `${relative(root, path)}:${line}: ${text.trim()}`),
  )
  expect(offenders).toEqual([])
})

test('behavior: the guard reads every shipped locale, each with its texts', () => {
  const read = packages.flatMap(sources).filter(isLocaleFile)
  expect(read.map((path) => relative(localeDirectory, path)).sort()).toEqual([
    'de.ts',
    'es.ts',
    'fr.ts',
    'ja.ts',
    'pt.ts',
    'zhCN.ts',
  ])
  const japanese = texts(join(localeDirectory, 'ja.ts')).map(({ text }) => text)
  expect(japanese).toContain('Foyer で保護されています')
  expect(japanese).toContain('閉じる')
})

test('error: the guard sees a sentence in a thrown error and in JSX text', () => {
  const path = join(root, 'react', 'src', 'i18n', 'neutralWording.fixture.tsx')
  const file = ts.createSourceFile(
    path,
    "throw new Error('Must have a Privy wallet'); const a = <p>Log in with Privy</p>",
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  )
  const seen: string[] = []
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isJsxText(node)) seen.push(node.text)
    ts.forEachChild(node, visit)
  }
  visit(file)
  expect(seen.filter((text) => /\s/.test(text.trim()) && /privy/i.test(text))).toEqual([
    'Must have a Privy wallet',
    'Log in with Privy',
  ])
})
