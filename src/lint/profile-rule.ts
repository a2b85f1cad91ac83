import type { Entity } from '../surface/types.js'

/** How serious breaking a rule is: `error` — a client refuses; `warning` — a spec SHOULD, or a client may refuse. */
export type RuleSeverity = 'error' | 'warning'

/** The entities a profile rule can judge. */
export type LintEntity = Exclude<Entity, 'server'>

/** The list request a client sends to read an entity kind. */
export const LIST_METHOD: Record<LintEntity, string> = {
  tool: 'tools/list',
  prompt: 'prompts/list',
  resource: 'resources/list',
  resourceTemplate: 'resources/templates/list',
}

/** Where a rule comes from: a spec section, an SDK source file, a host's public documentation. */
export interface RuleSource {
  title: string
  url: string
}

/** One entity as a rule sees it: the fields as the server sent them (or as a contract file recorded them). */
export interface LintSubject {
  entity: LintEntity
  /** Tool/prompt name, resource uri, template uriTemplate. */
  name: string
  fields: Record<string, unknown>
  /** True when the fields come from a contract file: normalization already rewrote schemas. */
  fromContract: boolean
  /** The name a client config gives the entity's server, when known (`judgeHostLimits`); host rules that build a name from it assume one letter otherwise. */
  server?: string
}

/** Where in an entity a rule is broken: `inputSchema.type`, `arguments[0].name`; `detail` is the client's own words. */
export interface RuleFinding {
  path: string
  detail?: string
  /** True when what breaks the rule is what an SDK emits for ordinary code (the rule's `sdkEmits` says which and what to do). */
  sdkEmitted?: boolean
}

/** A profile rule: one record, ids permanent within a profile. */
export interface ProfileRule {
  /** Kebab-case `<entity>-<what>`: `tool-input-schema-object-root`. */
  id: string
  entity: LintEntity
  severity: RuleSeverity
  /** The sentence a user reads: what the entity must be, and what happens otherwise. */
  message: string
  source: RuleSource
  /** True when a client that meets one violation rejects the whole list (`tools/list`), not only the entity. */
  refusesListing?: boolean
  /**
   * Why the rule cannot be judged from a contract file, when it cannot: normalization drops what it needs
   * (the `$schema` dialect, the exact spelling of `type`, field types). Such rules are judged on live servers only.
   */
  needsRawSurface?: string
  /**
   * When an SDK breaks the rule for ordinary user code: which SDK emits what, and what the user can
   * do instead of fixing their code. Findings caused by it carry `sdkEmitted`.
   */
  sdkEmits?: string
  /** The accepted spelling: what to write instead, so a finding is fixed in one step (model API rules carry one). */
  fix?: string
  /**
   * True when well-known clients send what breaks the rule to the model API as the server sent it,
   * so the request fails even for a project that declared no model profile: `check`, `snapshot`,
   * `show` and the matchers then print one warning line. False where clients commonly strip or
   * rewrite it first (Gemini clients drop `$schema`), which would make the warning noise.
   */
  warnsUndeclared?: boolean
  /** Where the subject breaks the rule; empty when it does not. */
  check: (subject: LintSubject) => RuleFinding[]
  /**
   * For a rule on a whole list (how many tools a request may carry): where the list of the rule's
   * entity breaks it, by entity. Why beside `check`: one entity alone cannot break a count.
   */
  checkList?: (subjects: readonly LintSubject[]) => ListFinding[]
}

/** Where a whole list breaks a rule: the entity the finding is reported on, and what was found. */
export interface ListFinding extends RuleFinding {
  name: string
}

/** The model API a profile stands for: the last consumer of a tool list, after the MCP client. */
export interface ModelApi {
  /** Who refuses, as a sentence's subject: `Claude's API`. */
  api: string
  /** What every agent of that API sees when one tool breaks an error rule: the request as a whole fails. */
  refusal: string
  /** The request field the profile judges: `tools[].input_schema of a Messages API request`. */
  judges: string
  /** What well-known clients strip or rewrite before they send a tool list; rules on those warn only when declared. */
  clientsStrip?: string
}

/** The host application a profile stands for: an MCP client with limits of its own, whatever model it uses. */
export interface HostClient {
  /** Who drops or refuses, as a sentence's subject: `Cursor`. */
  host: string
  /** What its users see when a server breaks an error rule. */
  effect: string
}

/** A named rule set: what one specification, client, host or model API accepts. */
export interface Profile {
  /** Kebab-case name users pass to `--profile` and `policy.profiles`. */
  name: string
  /** One line: whose rules these are. */
  title: string
  /** Present for a model API's profile: its error rules fail every request that carries the tool list. */
  modelApi?: ModelApi
  /** Present for a host application's profile (Cursor, Claude Code, VS Code): limits it applies per server and per client config. */
  hostClient?: HostClient
  rules: ProfileRule[]
}

/** Declares a profile rule. */
export function defineRule(rule: ProfileRule): ProfileRule {
  return rule
}
