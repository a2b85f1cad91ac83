/**
 * mcp-contract: record an MCP server's advertised surface and hold the server to it.
 * @example
 * const recorded = await readContract('mcp-contract.json')
 * const report = diffSurfaces(recorded, await captureSurface(server))
 * console.log(formatReport(report))
 */
export { captureSurface } from './capture/capture-surface.js'
export { isSurface } from './surface/is-surface.js'
export { CaptureError, captureRaw, DEFAULT_TIMEOUT_MS, describeTarget, isCaptureTarget, type Authorization, type CaptureOptions, type Target } from './capture/capture-raw.js'
export { normalizeSurface } from './surface/normalize.js'
export { diffSurfaces, type DiffReport } from './diff/diff-surfaces.js'
export { SEVERITIES, type Change, type Direction, type Relation, type Severity } from './diff/change.js'
export type { Policy } from './diff/policy.js'
export { KINDS } from './diff/registry.js'
export { CONTRACT_FORMAT, parseContract, readContract, serializeContract, writeContract } from './contract/contract-file.js'
export { ContractFileError } from './contract/contract-error.js'
export { contractPath, findProjectConfig, ignoredLines, policyWithConfig, type FoundConfig, type ProjectConfig } from './config/project-config.js'
export { formatReport, toJsonReport, type JsonReport, type ReportFormat } from './report/format-report.js'
export { lintSurface, type LintReport, type ListingRefusal, type NotJudged, type Violation } from './lint/lint-surface.js'
export type { LintSource } from './lint/lint-subjects.js'
export { DEFAULT_PROFILES, PROFILES } from './lint/profile-registry.js'
export type { Profile, ProfileRule, RuleSeverity } from './lint/profile-rule.js'
export { formatLint, type LintFormat } from './report/format-lint.js'
export type { Entity, Json, NotRecorded, RawSurface, Schema, Surface, SurfacePrompt, SurfaceResource, SurfaceResourceTemplate, SurfaceServer, SurfaceTool } from './surface/types.js'
export { mockServer, type MockOptions, type MockSource } from './mock/mock-server.js'
export type { ToolHandler } from './mock/tool-responder.js'
export type { PromptHandler } from './mock/prompt-responder.js'
export { ConsumerSourceError, sourceLiterals, type SourceLiteral } from './consumer/source-literals.js'
export { formatUsedEntities, usedEntities, usedScope, type UsedEntity } from './consumer/used-by-sources.js'
export { recordConsumer, consumerRecordingOf, type ConsumerRecording, type OutputViolation, type RecordConsumerOptions } from './consumer/record-consumer.js'
export { CONSUMER_CONTRACT_FORMAT, ConsumerContractError, parseConsumerContract, readConsumerContract, serializeConsumerContract, writeConsumerContract, type ConsumerContract, type ConsumerExample, type ConsumerTool } from './consumer/consumer-contract.js'
export { compareConsumerUse } from './consumer/compare-consumer-use.js'
export { verifyConsumer, type ConsumerReport } from './consumer/verify-consumer.js'
export { type CallTool, type LiveCalls, type NotCalled, type NotCalledReason, type StateHandler } from './consumer/call-examples.js'
export { openToolCaller, type ToolCaller } from './capture/open-tool-caller.js'
export { findConsumerContracts, verifyConsumers, type ConsumerVerdict } from './consumer/verify-consumers.js'
export { formatConsumerVerdicts, notCalledWhy, type ConsumerReportFormat } from './report/format-consumers.js'
export { reportChanges } from './diff/diff-surfaces.js'
