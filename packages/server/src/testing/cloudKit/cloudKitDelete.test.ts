// Deleting a record of the private database as CloudKit Web Services does (docs/recovery-icloud.md
// "Changing the method"): `forceDelete` with the owner's web auth token and the container's API token;
// `delete` only with the record's current `recordChangeTag`; nothing of another user's database.
import { describe, expect, test } from 'vitest'
import { appleIdIn, useCloudKitStandIn } from '../../test/icloudApp'

const container = {
  containerIdentifier: 'iCloud.com.example.delete',
  environment: 'development',
  apiToken: 'api-token-delete',
} as const
const ada = appleIdIn(container, 'ada@example.com')
const bob = appleIdIn(container, 'bob@example.com')

const cloudKit = useCloudKitStandIn([container])

async function modify(operations: unknown[], options: { webAuthToken?: string; apiToken?: string } = {}) {
  const url = new URL(
    `${cloudKit().url}/database/1/${container.containerIdentifier}/${container.environment}/private/records/modify`,
  )
  url.searchParams.set('ckAPIToken', options.apiToken ?? container.apiToken)
  if (options.webAuthToken) url.searchParams.set('ckWebAuthToken', options.webAuthToken)
  const response = await fetch(url, { method: 'POST', body: JSON.stringify({ operations }) })
  return {
    status: response.status,
    body: (await response.json()) as { records?: Array<Record<string, unknown>> },
  }
}

const create = (recordName: string) => ({
  operationType: 'create',
  record: {
    recordName,
    recordType: 'FoyerRecoverySecret',
    fields: { recovery_secret: { value: 'c2VjcmV0' } },
  },
})
const names = (user: typeof ada) =>
  cloudKit()
    .records(user)
    .map((record) => record.recordName)

describe('records/modify deletes', () => {
  test('default: forceDelete by the owner removes the record; a second one reads NOT_FOUND', async () => {
    expect((await modify([create('d1')], { webAuthToken: cloudKit().signIn(ada) })).status).toBe(200)
    const deleted = await modify([{ operationType: 'forceDelete', record: { recordName: 'd1' } }], {
      webAuthToken: cloudKit().signIn(ada),
    })
    expect(deleted).toEqual({ status: 200, body: { records: [{ recordName: 'd1', deleted: true }] } })
    expect(names(ada)).not.toContain('d1')
    const again = await modify([{ operationType: 'forceDelete', record: { recordName: 'd1' } }], {
      webAuthToken: cloudKit().signIn(ada),
    })
    expect(again.body.records?.[0]).toMatchObject({ recordName: 'd1', serverErrorCode: 'NOT_FOUND' })
  })

  test('behavior: delete needs the current recordChangeTag (CONFLICT without it or with a stale one)', async () => {
    const created = await modify([create('d2')], { webAuthToken: cloudKit().signIn(ada) })
    const tag = created.body.records?.[0]?.recordChangeTag as string
    for (const record of [{ recordName: 'd2' }, { recordName: 'd2', recordChangeTag: 'stale' }]) {
      const refused = await modify([{ operationType: 'delete', record }], {
        webAuthToken: cloudKit().signIn(ada),
      })
      expect(refused.body.records?.[0]).toMatchObject({ recordName: 'd2', serverErrorCode: 'CONFLICT' })
      expect(names(ada)).toContain('d2')
    }
    const deleted = await modify(
      [{ operationType: 'delete', record: { recordName: 'd2', recordChangeTag: tag } }],
      {
        webAuthToken: cloudKit().signIn(ada),
      },
    )
    expect(deleted.body.records?.[0]).toEqual({ recordName: 'd2', deleted: true })
    expect(names(ada)).not.toContain('d2')
  })

  test("error: another user's token, a wrong API token or no web auth token deletes nothing", async () => {
    await modify([create('d3')], { webAuthToken: cloudKit().signIn(ada) })
    const forceDelete = [{ operationType: 'forceDelete', record: { recordName: 'd3' } }]

    const bobs = await modify(forceDelete, { webAuthToken: cloudKit().signIn(bob) })
    expect(bobs.body.records?.[0]).toMatchObject({ recordName: 'd3', serverErrorCode: 'NOT_FOUND' })
    const wrongApiToken = await modify(forceDelete, {
      webAuthToken: cloudKit().signIn(ada),
      apiToken: 'not-the-api-token',
    })
    expect(wrongApiToken).toMatchObject({ status: 401, body: { serverErrorCode: 'AUTHENTICATION_FAILED' } })
    const signedOut = await modify(forceDelete)
    expect(signedOut).toMatchObject({ status: 421, body: { serverErrorCode: 'AUTHENTICATION_REQUIRED' } })
    expect(names(ada)).toContain('d3')
  })
})
