import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import {
  CallToolRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js'
import { CONTRACT_FORMAT, parseContract, readContractSync } from '../contract/contract-file.js'
import { findProjectRoot, projectPath } from '../contract/project-root.js'
import type { Surface, SurfaceTool } from '../surface/types.js'
import { answerPrompt, type PromptHandler } from './prompt-responder.js'
import { ResourceReader } from './resource-reader.js'
import { schemaValidator } from '../contract/schema-validator.js'
import { toolError, ToolResponder, type ToolHandler } from './tool-responder.js'

/** What a mock is built from: a contract file's path (a relative one from the project root, as everywhere), a parsed contract file, or a `Surface`. */
export type MockSource = string | Surface | { format: number; [key: string]: unknown }

/** How a mock answers. */
export interface MockOptions {
  /** Generated values depend only on this seed, the tool and its arguments. Default 0. */
  seed?: number
  /** Answers by tool name, instead of generated values; their results are checked against the recorded outputSchema. */
  tools?: Record<string, ToolHandler>
  /** Answers by prompt name, instead of a placeholder message. */
  prompts?: Record<string, PromptHandler>
  /** Receives one line per request served (the CLI's `--verbose` writes them to stderr). */
  log?: (line: string) => void
}

/**
 * A mock built once from a contract; each `createServer()` is a fresh SDK `Server` that shares
 * the compiled validators and generators (one server per connection, as the SDK wants).
 */
export interface PreparedMock {
  surface: Surface
  createServer(): Server
}

/**
 * Turns a contract back into a server: an unconnected SDK `Server` that advertises exactly the
 * recorded surface and answers calls with values that satisfy it. Connect it over
 * `InMemoryTransport`, pass it to `expect()`, or serve it.
 * @throws ContractFileError when the contract cannot be read; TypeError for options that name
 *   no recorded tool or prompt
 * @example
 * const server = mockServer('mcp-contract.json', { seed: 1, tools: { search: () => ({ total: 0, items: [] }) } })
 * await expect(server).toHonorContract('mcp-contract.json')
 */
export function mockServer(source: MockSource, options: MockOptions = {}): Server {
  return prepareMock(source, options).createServer()
}

/**
 * Reads the contract and compiles what every server of this mock shares.
 * @example const mock = prepareMock('mcp-contract.json'); const server = mock.createServer()
 */
export function prepareMock(source: MockSource, options: MockOptions = {}): PreparedMock {
  const surface = readSource(source)
  const seed = options.seed ?? 0
  if (!Number.isSafeInteger(seed)) throw new TypeError(`mockServer: seed must be an integer, not ${String(seed)}.`)
  const tools = surface.tools ?? []
  const prompts = new Map((surface.prompts ?? []).map((prompt) => [prompt.name, prompt]))
  checkNames('tools', options.tools, tools.map((tool) => tool.name))
  checkNames('prompts', options.prompts, [...prompts.keys()])
  const responders = new Map(tools.map((tool) => [tool.name, new ToolResponder(tool, seed, options.tools?.[tool.name])]))
  const reader = new ResourceReader(surface.resources ?? [], surface.resourceTemplates ?? [])
  const listed = { tools: tools.map(wireTool), prompts: surface.prompts, resources: surface.resources, resourceTemplates: surface.resourceTemplates }
  const log = options.log

  function createServer(): Server {
    const { server: recorded } = surface
    // Why 0.0.0 without a recorded version: serverInfo.version is required on the wire.
    const info = { name: recorded.name ?? '', version: surface.serverVersion ?? '0.0.0', ...(recorded.title === undefined ? {} : { title: recorded.title }) }
    const server = new RecordedSurfaceServer(info, { capabilities: recorded.capabilities, instructions: recorded.instructions })
    // Why: a list the contract lacks stays unanswered, so the mock answers method-not-found as the recorded server did.
    if (surface.tools) {
      server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listed.tools }))
      server.setRequestHandler(CallToolRequestSchema, async (request) => {
        const { name, arguments: args = {} } = request.params
        // Why an error, not an error result: the SDK answers a task-augmented call with a task, never a tool result.
        if (request.params.task !== undefined) throw new McpError(ErrorCode.InvalidParams, `The mcp-contract mock does not run tasks: call ${name} without task augmentation.`)
        const responder = responders.get(name)
        const result =
          responder === undefined
            ? toolError(`MCP error ${ErrorCode.InvalidParams}: Tool ${name} not found`)
            : responder.tool.taskSupport === 'required'
                ? // Why: the words an SDK McpServer answers a plain call to a task-only tool with.
                  toolError(`MCP error ${ErrorCode.MethodNotFound}: Tool ${name} requires task augmentation (taskSupport: 'required')`)
                : await responder.respond(args)
        log?.(`tools/call ${name} ${JSON.stringify(args)} → ${result.isError ? `error: ${result.content[0].text}` : 'ok'}`)
        return result
      })
    }
    if (surface.prompts) {
      server.setRequestHandler(ListPromptsRequestSchema, () => ({ prompts: listed.prompts! }))
      server.setRequestHandler(GetPromptRequestSchema, async (request) => {
        const { name, arguments: args = {} } = request.params
        log?.(`prompts/get ${name} ${JSON.stringify(args)}`)
        return answerPrompt(prompts, options.prompts ?? {}, name, args)
      })
    }
    if (surface.resources) server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources: listed.resources! }))
    if (surface.resourceTemplates) server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({ resourceTemplates: listed.resourceTemplates! }))
    if (surface.resources || surface.resourceTemplates) {
      server.setRequestHandler(ReadResourceRequestSchema, (request) => {
        log?.(`resources/read ${request.params.uri}`)
        return reader.read(request.params.uri)
      })
    }
    return server
  }
  return { surface, createServer }
}

/** An SDK `Server` that serves the recorded capabilities and lists as they are. */
class RecordedSurfaceServer extends Server {
  // Why: a recorded server may list what its capabilities do not announce; the SDK would refuse
  // the handler, and the mock must serve both exactly as recorded.
  protected override assertRequestHandlerCapability(): void {}
}

/** A recorded tool as tools/list sends it: schemas as recorded, every hint explicit. */
function wireTool(tool: SurfaceTool): Record<string, unknown> {
  const { name, title, description, inputSchema, outputSchema, hints, taskSupport } = tool
  return {
    name,
    ...(title === undefined ? {} : { title }),
    ...(description === undefined ? {} : { description }),
    inputSchema,
    ...(outputSchema === undefined ? {} : { outputSchema }),
    annotations: { ...hints },
    execution: { taskSupport },
  }
}

function readSource(source: MockSource): Surface {
  // Why the project root: a path means the same file here as in the matchers and the CLI.
  if (typeof source === 'string') return readContractSync(projectPath(findProjectRoot(), source, { contract: true }))
  if (typeof source !== 'object' || source === null || Array.isArray(source)) {
    throw new TypeError(`mockServer needs a contract file path, a parsed contract or a Surface, not ${source === null ? 'null' : typeof source}.`)
  }
  // Why: a Surface and a parsed contract differ only by `format`; one check serves both.
  const text = JSON.stringify('format' in source ? source : { format: CONTRACT_FORMAT, ...source })
  return parseContract(text, 'the contract given to mockServer')
}

function checkNames(option: 'tools' | 'prompts', given: Record<string, unknown> | undefined, recorded: string[]): void {
  for (const name of Object.keys(given ?? {})) {
    if (recorded.includes(name)) continue
    const known = recorded.length > 0 ? `the contract records: ${recorded.join(', ')}` : `the contract records no ${option}`
    throw new TypeError(`mockServer: options.${option}.${name} names no recorded ${option === 'tools' ? 'tool' : 'prompt'} (${known}). Fix the name, or record the server again.`)
  }
}
