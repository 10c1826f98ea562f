// `@foyer/protocol/console`: the wire schemas of the operator console's calls (`/api/v1/console/...`;
// docs/console.md). Not part of the SDK's endpoint table: only the console page and the server import them.
// Each console area adds one export line for its file.

export * from './appSecrets'
export {
  type ConsoleAppCreateRequest,
  type ConsoleAppDetail,
  type ConsoleAppListResponse,
  type ConsoleAppSummary,
  type ConsoleAppUpdateRequest,
  type ConsoleFieldError,
  consoleAppCreateRequestSchema,
  consoleAppDetailSchema,
  consoleAppKeySchema,
  consoleAppListResponseSchema,
  consoleAppPathParamsSchema,
  consoleAppSummarySchema,
  consoleAppUpdateRequestSchema,
  consoleFieldErrorSchema,
  consoleFieldErrorsDataSchema,
  MASKED_SECRET,
} from './apps'
export {
  type ConsoleAuditEvent,
  type ConsoleAuditPage,
  type ConsoleAuditQuery,
  consoleAuditCursorSchema,
  consoleAuditEventSchema,
  consoleAuditPageSchema,
  consoleAuditQuerySchema,
} from './audit'
export {
  CONSOLE_API_PREFIX,
  CONSOLE_APP_ID,
  CONSOLE_PATH,
} from './constants'
export {
  CONSOLE_USAGE_MAX_DAYS,
  type ConsoleUsage,
  type ConsoleUsageDay,
  type ConsoleUsageFunnel,
  type ConsoleUsageQuery,
  consoleUsageDaySchema,
  consoleUsageFunnelSchema,
  consoleUsageQuerySchema,
  consoleUsageSchema,
} from './usage'
export * from './users'
