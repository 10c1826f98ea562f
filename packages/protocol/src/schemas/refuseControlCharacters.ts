import type { z } from 'zod'

/**
 * Control characters no request field may hold: C0 controls except tab, line feed and carriage return
 * (a SIWE message is multi-line, ERC-4361 §2), DEL and C1 controls. PostgreSQL refuses U+0000 in `text` and
 * `jsonb`; the others have no business in an identifier, label or address either.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is this rule's purpose
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/

/**
 * The path of the first string (value or object key) in `value` that holds a control character, or null.
 * Walks arrays and plain objects without recursion, so a deeply nested body cannot overflow the stack.
 *
 * @example controlCharacterPath({ a: ['ok', 'x\u0000'] }) // ['a', 1]
 */
export function controlCharacterPath(value: unknown): PropertyKey[] | null {
  // Each entry links to its parent, so the path is built only for a hit (no copying per level).
  type Entry = { value: unknown; key: PropertyKey; parent: Entry | null }
  const pathOf = (entry: Entry | null, last?: PropertyKey): PropertyKey[] => {
    const path: PropertyKey[] = last === undefined ? [] : [last]
    for (let at = entry; at?.parent; at = at.parent) path.push(at.key)
    return path.reverse()
  }
  const stack: Entry[] = [{ value, key: '', parent: null }]
  while (stack.length > 0) {
    const entry = stack.pop() as Entry
    if (typeof entry.value === 'string') {
      if (CONTROL_CHARACTER.test(entry.value)) return pathOf(entry)
    } else if (Array.isArray(entry.value)) {
      for (let index = 0; index < entry.value.length; index++)
        stack.push({ value: entry.value[index], key: index, parent: entry })
    } else if (entry.value !== null && typeof entry.value === 'object') {
      for (const [key, item] of Object.entries(entry.value)) {
        if (CONTROL_CHARACTER.test(key)) return pathOf(entry, key)
        stack.push({ value: item, key, parent: entry })
      }
    }
  }
  return null
}

/**
 * `schema`, refusing any string anywhere in its input that holds a control character (U+0000–U+0008,
 * U+000B, U+000C, U+000E–U+001F, U+007F–U+009F; tab and line breaks pass) with the issue "Control
 * characters are not allowed" at that string's path. `routeSchema` applies it to every call's params and
 * body, so the rule lives in one place.
 *
 * @example refuseControlCharacters(z.object({ address: z.string() })).safeParse({ address: 'x\u0000' }).success // false
 */
export function refuseControlCharacters<Schema extends z.ZodType>(schema: Schema): Schema {
  return schema.superRefine((value, context) => {
    const path = controlCharacterPath(value)
    if (path)
      context.addIssue({ code: 'custom', message: 'Control characters are not allowed', path, input: value })
  }) as Schema
}
