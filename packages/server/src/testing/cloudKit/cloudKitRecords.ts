/** The record store of the CloudKit stand-in: one private database per (container, environment, user). */
import { randomBytes, randomUUID } from 'node:crypto'

/** A record field as CloudKit Web Services carries it: `{ value, type? }`. */
export type CloudKitField = { value: unknown; type?: string }

/** A record as the stand-in keeps it and answers it (CloudKit's record dictionary, default zone only). */
export type CloudKitRecord = {
  recordName: string
  recordType: string
  recordChangeTag: string
  fields: Record<string, CloudKitField>
  created: { timestamp: number; userRecordName: string; deviceID: string }
  modified: { timestamp: number; userRecordName: string; deviceID: string }
}

/** A per-record failure of `records/modify` or `records/lookup` (CloudKit's record error dictionary). */
export type CloudKitRecordError = { recordName: string; reason: string; serverErrorCode: string }

/** A record operation of `records/modify` (the subset the stand-in implements). */
export type CloudKitOperation = {
  operationType: string
  record: { recordName?: unknown; recordType?: unknown; recordChangeTag?: unknown; fields?: unknown }
}

const DEVICE_ID = 'foyer-cloudkit-stand-in'

const isRecordObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** `fields` as CloudKit takes them: an object of `{ value, type? }`; undefined when malformed. */
function parseFields(fields: unknown): Record<string, CloudKitField> | undefined {
  if (fields === undefined) return {}
  if (!isRecordObject(fields)) return undefined
  const parsed: Record<string, CloudKitField> = {}
  for (const [name, field] of Object.entries(fields)) {
    if (!isRecordObject(field) || !('value' in field)) return undefined
    const type =
      typeof field.type === 'string' ? field.type : typeof field.value === 'string' ? 'STRING' : undefined
    parsed[name] = { value: field.value, ...(type ? { type } : {}) }
  }
  return parsed
}

const recordError = (recordName: string, serverErrorCode: string, reason: string): CloudKitRecordError => ({
  recordName,
  reason,
  serverErrorCode,
})

/** One user's private database (default zone) of one container and environment. */
export class CloudKitPrivateDatabase {
  readonly records = new Map<string, CloudKitRecord>()

  constructor(readonly userRecordName: string) {}

  /** `records/lookup`: each record by name, or NOT_FOUND. */
  lookup(recordNames: readonly string[]): (CloudKitRecord | CloudKitRecordError)[] {
    return recordNames.map(
      (recordName) =>
        this.records.get(recordName) ?? recordError(recordName, 'NOT_FOUND', 'Record not found'),
    )
  }

  /**
   * `records/modify` (non-atomic): `create` (CONFLICT when the name exists), `update` (the record's
   * `recordChangeTag` must match, CONFLICT otherwise), `forceUpdate` (no tag check), `delete` (the record's
   * `recordChangeTag` required and checked, CONFLICT otherwise) and `forceDelete` (no tag); NOT_FOUND for a missing record, BAD_REQUEST for anything else.
   */
  modify(operations: readonly CloudKitOperation[]): (CloudKitRecord | CloudKitRecordError | DeletedRecord)[] {
    return operations.map((operation) => this.apply(operation))
  }

  private apply(operation: CloudKitOperation): CloudKitRecord | CloudKitRecordError | DeletedRecord {
    const { record } = operation
    const recordName = typeof record.recordName === 'string' ? record.recordName : ''
    if (!/^[A-Za-z0-9_.-]{1,255}$/.test(recordName))
      return recordError(recordName, 'BAD_REQUEST', 'Invalid value, expected a record name')
    const existing = this.records.get(recordName)
    const tag = typeof record.recordChangeTag === 'string' ? record.recordChangeTag : undefined
    switch (operation.operationType) {
      case 'create': {
        if (existing) return recordError(recordName, 'CONFLICT', 'record to insert already exists')
        if (typeof record.recordType !== 'string' || !/^[A-Za-z][A-Za-z0-9_]{0,254}$/.test(record.recordType))
          return recordError(recordName, 'BAD_REQUEST', 'Invalid value, expected a record type')
        const fields = parseFields(record.fields)
        if (!fields) return recordError(recordName, 'BAD_REQUEST', 'Invalid value, expected fields')
        const stamp = this.stamp()
        const created: CloudKitRecord = {
          recordName,
          recordType: record.recordType,
          recordChangeTag: changeTag(),
          fields,
          created: stamp,
          modified: stamp,
        }
        this.records.set(recordName, created)
        return created
      }
      case 'update':
      case 'forceUpdate': {
        if (!existing) return recordError(recordName, 'NOT_FOUND', 'Record not found')
        if (operation.operationType === 'update' && tag !== existing.recordChangeTag)
          return recordError(recordName, 'CONFLICT', 'oplock error')
        const fields = parseFields(record.fields)
        if (!fields) return recordError(recordName, 'BAD_REQUEST', 'Invalid value, expected fields')
        const updated = {
          ...existing,
          fields: { ...existing.fields, ...fields },
          recordChangeTag: changeTag(),
          modified: this.stamp(),
        }
        this.records.set(recordName, updated)
        return updated
      }
      case 'delete':
      case 'forceDelete': {
        if (!existing) return recordError(recordName, 'NOT_FOUND', 'Record not found')
        // CloudKit's `delete` needs the record's current `recordChangeTag`; `forceDelete` does not.
        if (operation.operationType === 'delete' && tag !== existing.recordChangeTag)
          return recordError(recordName, 'CONFLICT', 'oplock error')
        this.records.delete(recordName)
        return { recordName, deleted: true }
      }
      default:
        return recordError(
          recordName,
          'BAD_REQUEST',
          `Unsupported operationType ${String(operation.operationType)}`,
        )
    }
  }

  private stamp() {
    return { timestamp: Date.now(), userRecordName: this.userRecordName, deviceID: DEVICE_ID }
  }
}

/** The answer for a deleted record. */
export type DeletedRecord = { recordName: string; deleted: true }

const changeTag = () => randomBytes(4).toString('hex')

/** CloudKit's user record name of an Apple ID in a container: `_` and 32 hex digits, stable per Apple ID. */
export const newUserRecordName = () => `_${randomUUID().replaceAll('-', '')}`

export { isRecordObject }
