import type { RawSurface } from '../surface/types.js'
import { CaptureError } from './capture-error.js'
import { quoteEcho } from './clip-echo.js'
import type { Connection } from './connection.js'
import { describeRequest, explainListFailure, isMethodNotFound } from './explain-failure.js'
import { findTooDeepValue, MAX_ITEM_DEPTH, nestsDeeperThan } from '../schema/nesting-limit.js'
import { renderDeepPath } from './deep-path.js'
import { passthroughResultSchema } from './passthrough-result-schema.js'
import { asSentOverAWire } from './as-sent-over-a-wire.js'
import { runStep, type StepLimits } from './run-step.js'

/** The most pages capture reads from one list before it calls the pagination broken. */
export const MAX_PAGES = 1000

/** One of the four lists a surface is read from. */
export interface ListSpec {
  /** Where the items go in `RawSurface`. */
  key: 'tools' | 'prompts' | 'resources' | 'resourceTemplates'
  method: 'tools/list' | 'prompts/list' | 'resources/list' | 'resources/templates/list'
  /** The result field holding the items. */
  field: 'tools' | 'prompts' | 'resources' | 'resourceTemplates'
}

/** The lists a surface consists of, in the order they are read. */
export const SURFACE_LISTS: readonly ListSpec[] = [
  { key: 'tools', method: 'tools/list', field: 'tools' },
  { key: 'prompts', method: 'prompts/list', field: 'prompts' },
  { key: 'resources', method: 'resources/list', field: 'resources' },
  { key: 'resourceTemplates', method: 'resources/templates/list', field: 'resourceTemplates' },
]

type Items = NonNullable<RawSurface['tools']>

/** The lists of a surface that the server offers, keyed as in `RawSurface`. */
export type SurfaceLists = Pick<RawSurface, ListSpec['key']>

/**
 * Reads all four lists, each with every page; a list the server does not offer is left out.
 *
 * Why at the same time: a server answers the small lists while the client is still taking in a
 * large `tools/list`, which hides their round trips; nothing about the result depends on the
 * order. The first failure stops the other lists from waiting (a broken list is reported
 * without first sitting out another list's timeout); lists that fail together are reported in
 * {@link SURFACE_LISTS} order, so a server that dies mid-capture is always reported on `tools/list`.
 * @example Object.assign(surface, await readSurfaceLists(connection, { timeoutMs: 10_000 }))
 */
export async function readSurfaceLists(connection: Connection, limits: StepLimits): Promise<SurfaceLists & Pick<RawSurface, 'cacheScopes'>> {
  const cacheScopes: NonNullable<RawSurface['cacheScopes']> = {}
  const stopOthers = new AbortController()
  const stoppedBecauseAnotherFailed = new Error('another list failed first')
  const signal = limits.signal === undefined ? stopOthers.signal : AbortSignal.any([limits.signal, stopOthers.signal])
  const outcomes = await Promise.allSettled(
    SURFACE_LISTS.map((list) =>
      readPagedList(connection, list, { ...limits, signal }, (result) => {
        // Why kept as sent: which scope a list has is the surface layer's call, not capture's.
        if ('cacheScope' in result) (cacheScopes[list.key] ??= []).push(result.cacheScope)
      }).catch((error: unknown) => {
        stopOthers.abort(stoppedBecauseAnotherFailed)
        throw error
      }),
    ),
  )
  const lists: SurfaceLists & Pick<RawSurface, 'cacheScopes'> = {}
  for (const [index, outcome] of outcomes.entries()) {
    if (outcome.status === 'rejected') {
      if (outcome.reason instanceof CaptureError && outcome.reason.cause === stoppedBecauseAnotherFailed) continue
      throw outcome.reason
    }
    if (outcome.value !== undefined) lists[SURFACE_LISTS[index].key] = outcome.value
  }
  if (Object.keys(cacheScopes).length > 0) lists.cacheScopes = cacheScopes
  return lists
}

/**
 * Reads every page of one list with raw requests, following `nextCursor`, and returns the
 * items exactly as the server sent them; `undefined` when the server answers method-not-found.
 *
 * Why raw requests: the SDK's `listTools()` & co. read one page only, drop fields they do not
 * know, and throw on schemas they dislike; a contract must see what a caller would see.
 * @example const tools = await readPagedList(connection, SURFACE_LISTS[0], { timeoutMs: 10_000 })
 */
export async function readPagedList(
  connection: Connection,
  list: ListSpec,
  limits: StepLimits,
  onPage?: (result: Record<string, unknown>) => void,
): Promise<Items | undefined> {
  const items: Items = []
  const seenCursors = new Set<string>()
  let cursor: string | undefined
  for (let page = 1; ; page++) {
    const result = await requestPage(connection, list, page, cursor, limits)
    if (result === undefined) return undefined
    onPage?.(result)
    for (const item of pageItems(connection, list, page, result)) items.push(item)
    const next = nextCursorOf(connection, list, page, result)
    if (next === undefined) return items
    if (seenCursors.has(next) || next === cursor) {
      throw paginationError(
        connection,
        `${connection.label} sent the cursor ${quoteEcho(next)} a second time while paging ${list.method} (after page ${page}), so the list would never end.`,
      )
    }
    if (page === MAX_PAGES) {
      throw paginationError(connection, `${connection.label} was still paging ${list.method} after ${MAX_PAGES} pages; capture stops there rather than read forever.`)
    }
    seenCursors.add(next)
    cursor = next
  }
}

async function requestPage(
  connection: Connection,
  list: ListSpec,
  page: number,
  cursor: string | undefined,
  limits: StepLimits,
): Promise<Record<string, unknown> | undefined> {
  let result: unknown
  try {
    result = await runStep(describeRequest(list.method, page), limits, (signal) =>
      connection.client.request(
        { method: list.method, params: cursor === undefined ? {} : { cursor } },
        passthroughResultSchema,
        { timeout: limits.timeoutMs, signal },
      ),
    )
  } catch (error) {
    // Why only on the first page: a list that exists cannot vanish halfway; that is a failure.
    if (page === 1 && isMethodNotFound(error)) return undefined
    throw explainListFailure(error, list.method, page, {
      label: connection.label,
      transport: connection.transport,
      wire: connection.wire,
      closed: connection.hasClosed(),
      stderrTail: await connection.stderrTail(),
      adviceFor: limits.adviceFor,
    })
  }
  if (!isPlainObject(result)) throw malformed(connection, list, page, `a result that is not an object (${quoteEcho(result)})`)
  return result
}

function pageItems(connection: Connection, list: ListSpec, page: number, result: Record<string, unknown>): Items {
  const items = result[list.field]
  if (!Array.isArray(items)) throw malformed(connection, list, page, `a result without a "${list.field}" array`)
  const notObject = items.findIndex((item) => !isPlainObject(item))
  if (notObject !== -1) throw malformed(connection, list, page, `${list.field}[${notObject}] that is not an object`)
  for (const [index, item] of items.entries()) {
    // Why the allocation-free test first: this runs on every item of every list, on the path
    // between the server's answer and the report; the path to the deep place is needed only to say where.
    if (!nestsDeeperThan(item)) continue
    const tooDeep = findTooDeepValue(item) ?? []
    const name = (item as Record<string, unknown>).name ?? (item as Record<string, unknown>).uri
    throw new CaptureError(
      'listing-failed',
      `${connection.label} answered ${describeRequest(list.method, page)} with ${list.field}[${index}]${typeof name === 'string' ? ` (${quoteEcho(name)})` : ''} nested more than ${MAX_ITEM_DEPTH} levels deep, at ${renderDeepPath(tooDeep)}. ` +
        'Capture stops there: no real schema nests that deep, and reading one would overflow the stack. Flatten the schema, or use $ref for recursive shapes.',
      { serverLabel: connection.label },
    )
  }
  // Why only where no JSON text was read: a listing handed over as objects may hold undefined-valued keys a wire never carries.
  // Why a copy: the array may be the server's own, and capture never writes into what a server holds.
  // Why after the depth check: the copy recurses, and only a listing of bounded depth gets here.
  return (connection.wireKind === 'in-process' || connection.wireKind === 'client' ? asSentOverAWire(items) : items) as Items
}

function nextCursorOf(connection: Connection, list: ListSpec, page: number, result: Record<string, unknown>): string | undefined {
  const next = result.nextCursor
  // Why: some servers send "" or null for "no more pages"; neither can address a page.
  if (next === undefined || next === null || next === '') return undefined
  if (typeof next !== 'string') throw malformed(connection, list, page, `a nextCursor that is not a string (${quoteEcho(next)})`)
  return next
}

function malformed(connection: Connection, list: ListSpec, page: number, what: string): CaptureError {
  return new CaptureError(
    'listing-failed',
    `${connection.label} answered ${describeRequest(list.method, page)} with ${what}. The server's ${list.method} handler does not follow the MCP result shape.`,
    { serverLabel: connection.label },
  )
}

function paginationError(connection: Connection, message: string): CaptureError {
  return new CaptureError('pagination', `${message} The server's pagination is broken: each nextCursor must lead to a new page, and the last page must have none.`, {
    serverLabel: connection.label,
  })
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
