import { type ConsoleFieldError, MASKED_SECRET } from '@foyer/protocol/console'
import { createContext, type ReactNode, useContext, useId, useState } from 'react'

/** A path into the edited app: `['settings', 'captcha_site_key']`, `['name']`, `['allowed_origins', 0]`. */
export type FieldPath = readonly (string | number)[]

/** The editor's state shared by its fields: the draft, how to change it, and the server's field errors. */
export type DraftValue = {
  get(path: FieldPath): unknown
  set(path: FieldPath, value: unknown): void
  /** The server's message for `path` (joined with '.'), if it refused that field. */
  errorOf(path: FieldPath): string | undefined
}

export const DraftContext = createContext<DraftValue | null>(null)

/** The app editor's draft (fields must be inside the editor). */
export function useDraft(): DraftValue {
  const value = useContext(DraftContext)
  if (!value) throw new Error('An app field must be inside the app editor')
  return value
}

/** `root` with `value` at `path` (copies on the way; numbers index arrays). */
export function setAt(root: unknown, path: FieldPath, value: unknown): unknown {
  const [head, ...rest] = path
  if (head === undefined) return value
  const node = (root ?? (typeof head === 'number' ? [] : {})) as Record<string | number, unknown>
  const copy = (Array.isArray(node) ? [...node] : { ...node }) as Record<string | number, unknown>
  copy[head] = setAt(node[head], rest, value)
  return copy
}

/** The value at `path` of `root`, or undefined. */
export function getAt(root: unknown, path: FieldPath): unknown {
  return path.reduce<unknown>(
    (node, key) =>
      node !== null && typeof node === 'object' ? (node as Record<string | number, unknown>)[key] : undefined,
    root,
  )
}

/**
 * The server's message for the field at `path` among `fields` (an answer's `data.fields`): its own, else
 * the first of a part of it (`allowed_origins.2` shows beside the origins list).
 */
export function errorAt(fields: readonly ConsoleFieldError[], path: FieldPath): string | undefined {
  const key = path.join('.')
  const own = fields.find((field) => field.path.join('.') === key)
  return (own ?? fields.find((field) => field.path.join('.').startsWith(`${key}.`)))?.message
}

/** A labelled control with its hint and the server's error below it, wired with `aria-describedby`. */
export function FieldShell({
  path,
  label,
  hint,
  children,
}: {
  path: FieldPath
  label: string
  hint?: string | undefined
  children: (props: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode
}) {
  const id = useId()
  const error = useDraft().errorOf(path)
  const describedBy =
    [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined
  return (
    <div className="console-field">
      <label htmlFor={id}>{label}</label>
      {children({ id, describedBy, invalid: error !== undefined })}
      {hint ? (
        <p id={`${id}-hint`} className="console-muted console-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="console-field-error">
          {error}
        </p>
      ) : null}
    </div>
  )
}

/** A text field; empty means null when `nullable` (the settings' optional texts and URLs). */
export function TextField({
  path,
  label,
  hint,
  nullable = true,
  type = 'text',
}: {
  path: FieldPath
  label: string
  hint?: string
  nullable?: boolean
  /** `multiline`: a text area (a PEM key). */
  type?: 'text' | 'url' | 'multiline'
}) {
  const draft = useDraft()
  const value = draft.get(path)
  return (
    <FieldShell path={path} label={label} hint={hint}>
      {({ id, describedBy, invalid }) => {
        const props = {
          id,
          value: typeof value === 'string' ? value : '',
          'aria-describedby': describedBy,
          'aria-invalid': invalid || undefined,
          onChange: (event: { target: { value: string } }) =>
            draft.set(path, event.target.value === '' && nullable ? null : event.target.value),
        }
        return type === 'multiline' ? <textarea rows={4} {...props} /> : <input type={type} {...props} />
      }}
    </FieldShell>
  )
}

/** A whole number; empty means null. A value that is not a number is sent as typed, for the server to refuse. */
export function NumberField({ path, label, hint }: { path: FieldPath; label: string; hint?: string }) {
  const draft = useDraft()
  const value = draft.get(path)
  return (
    <FieldShell path={path} label={label} hint={hint}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          inputMode="numeric"
          value={value === null || value === undefined ? '' : String(value)}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          onChange={(event) => {
            const text = event.target.value.trim()
            draft.set(path, text === '' ? null : /^-?\d+$/.test(text) ? Number(text) : text)
          }}
        />
      )}
    </FieldShell>
  )
}

/** A list of strings, one per line (`numbers`: whole numbers are sent as numbers). */
export function ListField({
  path,
  label,
  hint,
  numbers = false,
}: {
  path: FieldPath
  label: string
  hint?: string
  numbers?: boolean
}) {
  const draft = useDraft()
  const value = draft.get(path)
  const parse = (text: string) =>
    text
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '')
      .map((line) => (numbers && /^\d+$/.test(line) ? Number(line) : line))
  // The text as typed (a new empty line included) while it still means the draft's list; else the list.
  const [typed, setTyped] = useState('')
  const list = Array.isArray(value) ? value : []
  const text = JSON.stringify(parse(typed)) === JSON.stringify(list) ? typed : list.join('\n')
  return (
    <FieldShell path={path} label={label} hint={hint}>
      {({ id, describedBy, invalid }) => (
        <textarea
          id={id}
          rows={3}
          value={text}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          onChange={(event) => {
            setTyped(event.target.value)
            draft.set(path, parse(event.target.value))
          }}
        />
      )}
    </FieldShell>
  )
}

/**
 * A choice among `options` (value → label); `''` stands for null when listed. `onSelect` replaces the
 * default of setting the value at `path` (a choice that reshapes its parent, e.g. a policy condition).
 */
export function SelectField({
  path,
  label,
  options,
  onSelect,
}: {
  path: FieldPath
  label: string
  options: readonly (readonly [string, string])[]
  onSelect?: (value: string) => void
}) {
  const draft = useDraft()
  const value = draft.get(path)
  return (
    <FieldShell path={path} label={label}>
      {({ id, describedBy, invalid }) => (
        <select
          id={id}
          value={typeof value === 'string' ? value : ''}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          onChange={(event) =>
            onSelect
              ? onSelect(event.target.value)
              : draft.set(path, event.target.value === '' ? null : event.target.value)
          }
        >
          {options.map(([optionValue, optionLabel]) => (
            <option key={optionValue} value={optionValue}>
              {optionLabel}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  )
}

/** An on/off setting. */
export function CheckboxField({ path, label }: { path: FieldPath; label: string }) {
  const draft = useDraft()
  const id = useId()
  const error = draft.errorOf(path)
  return (
    <div className="console-field console-check">
      <input
        id={id}
        type="checkbox"
        checked={draft.get(path) === true}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-invalid={error ? true : undefined}
        onChange={(event) => draft.set(path, event.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
      {error ? (
        <p id={`${id}-error`} className="console-field-error">
          {error}
        </p>
      ) : null}
    </div>
  )
}

/** Each of `options` on or off in the list at `path` (e.g. `mfa_methods`). */
export function ChoiceListField({
  path,
  legend,
  options,
}: {
  path: FieldPath
  legend: string
  options: readonly (readonly [string, string])[]
}) {
  const draft = useDraft()
  const chosen = (draft.get(path) as string[] | undefined) ?? []
  const error = draft.errorOf(path) ?? draft.errorOf([...path, 0])
  return (
    <fieldset className="console-choices">
      <legend>{legend}</legend>
      {options.map(([value, label]) => (
        <label key={value} className="console-check">
          <input
            type="checkbox"
            checked={chosen.includes(value)}
            onChange={(event) =>
              draft.set(
                path,
                event.target.checked ? [...chosen, value] : chosen.filter((item) => item !== value),
              )
            }
          />{' '}
          {label}
        </label>
      ))}
      {error ? <p className="console-field-error">{error}</p> : null}
    </fieldset>
  )
}

/**
 * A write-only secret: the server shows a set secret as `********`; the field stays empty ('Set — type to
 * replace'), and what the operator types replaces it. Never shows the secret.
 */
export function SecretField({ path, label, hint }: { path: FieldPath; label: string; hint?: string }) {
  const draft = useDraft()
  const value = draft.get(path)
  // Whether the server holds one: clearing what was typed goes back to keeping it.
  const [wasSet] = useState(value === MASKED_SECRET)
  const isSet = value === MASKED_SECRET
  return (
    <FieldShell
      path={path}
      label={label}
      hint={hint ?? (isSet ? 'Set. Type a new value to replace it.' : 'Not set.')}
    >
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          type="password"
          autoComplete="off"
          value={isSet || typeof value !== 'string' ? '' : value}
          placeholder={isSet ? '••••••••' : ''}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          onChange={(event) =>
            draft.set(path, event.target.value === '' ? (wasSet ? MASKED_SECRET : null) : event.target.value)
          }
        />
      )}
    </FieldShell>
  )
}
