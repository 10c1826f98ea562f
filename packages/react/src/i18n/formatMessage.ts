/**
 * Fills `{name}` placeholders of a message with values (docs/conventions.md "Copy in one place"). Unknown
 * placeholders stay as they are.
 *
 * @param template - a message such as `'Digit {n} of {total}'`
 * @param values - placeholder values, e.g. `{ n: 1, total: 6 }`
 * @returns the filled text, e.g. `'Digit 1 of 6'`
 *
 * @example
 * formatMessage(en.awaitingCode.digitLabel, { n: 1, total: 6 }) // 'Digit 1 of 6'
 */
export function formatMessage(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : match,
  )
}
