/** The console's user calls (docs/console.md#users), over the console API of the shell. */
import { successResponseSchema } from '@foyer/protocol'
import {
  type ConsoleRemoveFactorBody,
  type ConsoleUserExport,
  type ConsoleUserRecord,
  type ConsoleUserSearchPage,
  consoleDeleteUserResponseSchema,
  consoleRevokeSessionsResponseSchema,
  consoleUserExportSchema,
  consoleUserRecordSchema,
  consoleUserSearchPageSchema,
} from '@foyer/protocol/console'
import type { ConsoleApi } from '../../api/consoleApi'

const USERS = '/api/v1/console/users'

/** One page of the search: `q` (identifier), optional `appId`, after `cursor`. */
export function searchUsers(
  api: ConsoleApi,
  search: { q: string; appId: string; cursor?: string | undefined },
): Promise<ConsoleUserSearchPage> {
  return api.get(USERS, consoleUserSearchPageSchema, {
    q: search.q || undefined,
    app_id: search.appId || undefined,
    cursor: search.cursor,
    limit: 25,
  })
}

/** The record of user `userId` (its row id). */
export function getUserRecord(api: ConsoleApi, userId: string): Promise<ConsoleUserRecord> {
  return api.get(`${USERS}/${encodeURIComponent(userId)}`, consoleUserRecordSchema)
}

/** Revokes session `sessionId` of the user, or all its sessions without it; answers how many. */
export async function revokeSessions(api: ConsoleApi, userId: string, sessionId?: string): Promise<number> {
  const body = sessionId ? { session_id: sessionId } : {}
  const answer = await api.send(
    'POST',
    `${USERS}/${encodeURIComponent(userId)}/sessions/revoke`,
    body,
    consoleRevokeSessionsResponseSchema,
  )
  return answer.revoked
}

/** Removes an MFA factor after the operator verified the user out of band. */
export async function removeFactor(
  api: ConsoleApi,
  userId: string,
  body: ConsoleRemoveFactorBody,
): Promise<void> {
  await api.send('POST', `${USERS}/${encodeURIComponent(userId)}/mfa/remove`, body, successResponseSchema)
}

/** Deletes the user; `confirmUserId` repeats its id. */
export async function deleteUser(api: ConsoleApi, userId: string, confirmUserId: string): Promise<void> {
  await api.send(
    'POST',
    `${USERS}/${encodeURIComponent(userId)}/delete`,
    { confirm_user_id: confirmUserId },
    consoleDeleteUserResponseSchema,
  )
}

/** The user's data export (a JSON document). */
export function exportUser(api: ConsoleApi, userId: string): Promise<ConsoleUserExport> {
  return api.get(`${USERS}/${encodeURIComponent(userId)}/export`, consoleUserExportSchema)
}

/** Saves `data` as the file `name` (JSON, pretty-printed) through a download link. */
export function downloadJson(name: string, data: unknown): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }))
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
