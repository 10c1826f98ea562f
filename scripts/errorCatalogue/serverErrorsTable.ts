import { readFileSync, writeFileSync } from 'node:fs'
import { type ServerError, serverErrors } from '../../packages/protocol/src/errors/serverErrors'
import { errorStatus } from '../../packages/server/src/errors/errorStatus'

/** The lines around the generated table in docs/errors.md. */
export const BEGIN =
  '<!-- server-errors:begin (generated from serverErrors by scripts/errorCatalogue; do not edit) -->'
export const END = '<!-- server-errors:end -->'

/** A message with its variable parts as `{name}`: the message function called with placeholders. */
function messageTemplate(message: ServerError['message']): string {
  if (typeof message === 'string') return message
  const placeholders = new Proxy({}, { get: (_target, name) => `{${String(name)}}` })
  return (message as (parameters: unknown) => string)(placeholders)
}

/** One row per catalogue entry: key, wire code, HTTP status (the entry's, else its code's) and message. */
export function serverErrorRows(): [key: string, code: string, status: string, message: string][] {
  return Object.entries(serverErrors as Record<string, ServerError>).map(([key, entry]) => [
    `\`${key}\``,
    `\`${entry.code}\``,
    String(entry.status ?? errorStatus[entry.code]),
    messageTemplate(entry.message).replaceAll('|', '\\|'),
  ])
}

/** The Markdown table of the catalogue, its columns padded to their widest cell, between {@link BEGIN} and {@link END}. */
export function serverErrorsTable(): string {
  const header: string[] = ['Key', 'Code', 'Status', 'Message']
  const body: string[][] = serverErrorRows()
  const widths = header.map((title, column) =>
    Math.max(title.length, ...body.map((row) => row[column]?.length ?? 0)),
  )
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`
  const rule = `| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`
  return [BEGIN, line(header), rule, ...body.map(line), END].join('\n')
}

/** `text` with its generated section replaced by the current table; throws when the markers are missing. */
export function withServerErrorsTable(text: string): string {
  const begin = text.indexOf(BEGIN)
  const end = text.indexOf(END)
  if (begin < 0 || end < begin) throw new Error(`docs/errors.md needs the lines ${BEGIN} and ${END}`)
  return text.slice(0, begin) + serverErrorsTable() + text.slice(end + END.length)
}

/** `npx tsx scripts/errorCatalogue/serverErrorsTable.ts`: rewrites the table in docs/errors.md. */
if (process.argv[1]?.endsWith('serverErrorsTable.ts')) {
  const path = new URL('../../docs/errors.md', import.meta.url)
  writeFileSync(path, withServerErrorsTable(readFileSync(path, 'utf8')))
}
