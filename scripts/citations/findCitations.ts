import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * What counts as citing a document the repository does not contain: the product specification
 * (`spec 01 §3`), the reference-client notes (`WIRE.md`), the design and style notes (`DESIGN.md`,
 * `STYLE.md §6`), the security checklist (`security checklist B.15`, `checklist I.55`) and the issue tracker
 * (`issue 14 §2`). Code cites the page of `docs/` that states the rule, an RFC or an EIP instead
 * (docs/conventions.md "Docstrings").
 */
export const citationPatterns: readonly { readonly name: string; readonly pattern: RegExp }[] = [
  { name: 'the specification', pattern: /\b[Ss]pec(?:ification)?\s+0[12]\b/g },
  { name: 'WIRE.md', pattern: /\bWIRE\b/g },
  { name: 'DESIGN.md', pattern: /\bDESIGN\.md\b/g },
  { name: 'STYLE.md', pattern: /\bSTYLE(?:\.md\b|\s+§)/g },
  {
    name: 'the security checklist',
    // Its items by word ('Checklist I.55') or bare ('(B.16)', 'I.52/I.55:'); not 'E.164', the phone format.
    pattern:
      /\b[Ss]ecurity\s+checklist\b|\b[Cc]hecklist\s+(?:items?\s+)?[A-K]\.?\d|(?<![\w.])[A-K]\.\d{1,2}(?=[/:),'"])/g,
  },
  { name: 'an issue number', pattern: /\b[Ii]ssues?\s+#?\d+\b/g },
]

/** One citation found: the file, its 1-based line, what it cites and the text that cites it. */
export type Citation = { file: string; line: number; cites: string; text: string }

/** The citations in `text` (the contents of `file`). */
export function findCitations(file: string, text: string): Citation[] {
  const found: Citation[] = []
  for (const { name, pattern } of citationPatterns) {
    for (const match of text.matchAll(pattern)) {
      const line = text.slice(0, match.index).split('\n').length
      found.push({ file, line, cites: name, text: match[0] })
    }
  }
  return found.sort((a, b) => a.line - b.line)
}

/** The folders whose tracked files must not cite outside documents. */
export const checkedFolders = [
  'packages',
  'e2e',
  'interop',
  'aa',
  'scripts',
  'bench',
  'apps',
  'docs',
] as const

/**
 * The tracked text files of `checkedFolders` under `root` (a git work tree), without `node_modules` and
 * without this folder, whose patterns name what they look for.
 */
export function checkedFiles(root: string): string[] {
  const listed = execFileSync('git', ['ls-files', '-z', '--', ...checkedFolders], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  })
  return listed
    .split('\0')
    .filter(
      (file) => file !== '' && !file.includes('node_modules/') && !file.startsWith('scripts/citations/'),
    )
    .filter((file) => !/\.(png|jpe?g|gif|ico|webp|woff2?|ttf|wasm|gz|zip|tgz)$/i.test(file))
}

/** Every citation of an outside document in the checked files under `root`. */
export function findCitationsIn(root: string): Citation[] {
  const found: Citation[] = []
  for (const file of checkedFiles(root)) {
    let text: string
    try {
      text = readFileSync(join(root, file), 'utf8')
    } catch {
      continue // listed by git but not on disk (deleted in the work tree)
    }
    found.push(...findCitations(file, text))
  }
  return found
}
