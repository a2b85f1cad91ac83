import type { Profile } from '../lint/profile-rule.js'
import { DEFAULT_PROFILES } from '../lint/profile-registry.js'
import { GEMINI_CLIENTS } from '../lint/profiles/gemini.js'
import { PUBLISHED_COUNTS } from '../lint/published-counts.js'

/**
 * Renders docs/profiles.md from the profile registry: each profile, each rule with its severity,
 * the sentence users read, whether the client refuses the whole list, what a contract file
 * cannot show, and its source. Why generated: the docs cannot drift from the rules they describe.
 * @example writeFileSync('docs/profiles.md', renderProfiles(PROFILES))
 */
export function renderProfiles(profiles: readonly Profile[]): string {
  const lines = [
    '# Client-acceptance profiles',
    '',
    'Generated from `src/lint/profile-registry.ts` by `npm run docs`; a test fails when this file is stale.',
    '',
    'A change can be additive by JSON Schema and still break every caller, because clients refuse',
    'the schema itself. A profile is a named rule set: what one specification revision, client or',
    'host accepts. `mcp-contract lint [--profile NAME]… -- <server>` judges a server (or, with only',
    '`--contract FILE`, a contract file); `show`, `snapshot` and `check` print the errors of the',
    `default profiles (${DEFAULT_PROFILES.map((name) => `\`${name}\``).join(', ')}) as warnings on stderr; the diff reports an`,
    'entity that starts breaking a rule as `profile-violation-introduced` (breaking for an error',
    'rule, risky for a warning) and one that stops as `profile-violation-fixed` (additive). The',
    'policy option `profiles` picks the profiles (`[]` turns the check off).',
    '',
    '`error`: the profile\'s clients refuse, or the specification says MUST. `warning`: the',
    'specification says SHOULD, or clients may refuse. "Refuses the list" means one such entity',
    'makes the client reject the whole list: a client sees no tools at all.',
    '',
    'A contract file stores the normalized surface, which drops or rewrites what some rules need',
    '(`$schema`, `$ref`, empty property schemas, field types). Those rules are judged on live servers',
    'only and listed as "not judged" when linting a contract file. The object-root rules judge a',
    'contract file on what it records, where a root `allOf` of one member and a `type` list of one',
    'already read as that member and that type: a server that sends either (which the SDK clients',
    'refuse) is flagged live, by `lint` (exit 1) and by the warnings of `show`, `snapshot` and',
    '`check` on stderr. `check` and `toHonorContract` also judge what the server sent, and fail',
    'with `profile-violation-introduced` when an entity newly breaks a rule there: one the contract',
    'does not record, or one whose `vouched` digest in the contract says it broke no such rule when',
    'recorded. An entity recorded without a digest (a contract written by an older version) gets',
    'the warnings only, since whether it broke the rule before is not known: run `snapshot` once to',
    'add the digests.',
    'Host and model-API profiles are added only where their restrictions are published.',
    '',
    'A model API is the last consumer of a tool list: the agent sends every tool to it with every',
    'message, and one tool it refuses fails the whole request. Its profiles (`anthropic`, `openai`,',
    '`openai-strict`, `gemini`, `gemini-sanitized`, `gemini-json-schema`) say which request field',
    'they judge and what well-known clients strip first. Declared in `profiles`, their error rules',
    'fail `lint`, and a release that newly breaks one is breaking in `check` and the matchers.',
    'Undeclared, the rules marked "warns undeclared" still print one warning line in `check`,',
    '`snapshot`, `show` and the matchers, without failing. Each rule\'s "instead" names a spelling',
    'every model profile accepts, or says which declared API an alternative breaks.',
    '',
    'A host profile (`claude-code`, `claude-connectors`, `cursor`, `vscode-copilot`, `zed`,',
    '`bedrock-converse`) holds what one host application drops or refuses whatever model it uses:',
    'how many tools a request carries, and the names it builds. Each server is judged alone, as any',
    'profile judges it (a name with the shortest server name a host could give it, one letter; a',
    'count of this server\'s tools alone); `judgeHostLimits(servers)` (exported) judges a whole',
    'client config: the tools of all its servers together and the names the config gives them.',
    '',
    '## Which Gemini profile a client needs',
    '',
    'Gemini has two request fields for a tool\'s schema, and clients differ in what they strip before',
    'sending. Declare the profile of the clients your server is used with (read from each client\'s code):',
    '',
    '| client | sends | profile | source |',
    '| --- | --- | --- | --- |',
    ...GEMINI_CLIENTS.map(({ client, sends, profile, source }) => `| ${cell(client)} | ${cell(sends)} | \`${profile}\` | [${cell(source.title)}](${source.url}) |`),
    '',
    '`gemini` judges `parameters` as the server wrote it, for a client that forwards the schema',
    'untouched; `gemini-sanitized` keeps every `parameters` rule but the one on `$schema` and',
    '`additionalProperties`, which such clients remove.',
    '',
    '## What the published servers break',
    '',
    `Measured by \`test/lint/model-profiles.test.ts\` (which fails when these differ) over ${PUBLISHED_COUNTS.servers.length} published`,
    `server releases, named by their npm aliases in package.json's devDependencies (\`dokploy-0-30-2\` is \`@dokploy/mcp@0.30.2\`): ${PUBLISHED_COUNTS.servers.map((server) => `\`${server}\``).join(', ')}. Each row: how many releases break the rule (error rules only). With no model profile declared, ${PUBLISHED_COUNTS.warnUndeclared.length === 0 ? 'none of them prints' : `${PUBLISHED_COUNTS.warnUndeclared.map((server) => `\`${server}\``).join(' and ')} print`} the one warning line.`,
    '',
    '| profile | rule | releases | which |',
    '| --- | --- | --- | --- |',
    ...PUBLISHED_COUNTS.rules.map(({ profile, rule, releases }) => `| \`${profile}\` | \`${rule}\` | ${releases.length} | ${releases.length === 0 ? 'none' : releases.join(', ')} |`),
  ]
  for (const profile of profiles) {
    lines.push('', `## \`${profile.name}\``, '', profile.title)
    if (profile.modelApi) {
      lines.push('', `Judges ${profile.modelApi.judges}. When an error rule is broken, ${profile.modelApi.refusal}.`)
      if (profile.modelApi.clientsStrip) lines.push(`Well-known clients strip or rewrite: ${profile.modelApi.clientsStrip}.`)
    }
    if (profile.hostClient) lines.push('', `A host profile: ${profile.hostClient.host}. When an error rule is broken, ${profile.hostClient.effect}.`)
    lines.push('', '| rule | severity | what users read | source |', '| --- | --- | --- | --- |')
    for (const rule of profile.rules) {
      const notes = [
        rule.refusesListing ? 'Refuses the list.' : '',
        rule.needsRawSurface ? `Live servers only: ${rule.needsRawSurface}.` : '',
        rule.sdkEmits ? `Emitted by the SDK (lint says so at each such place): ${rule.sdkEmits}` : '',
        rule.fix ? `Instead: ${rule.fix}.` : '',
        rule.warnsUndeclared ? 'Warns undeclared.' : '',
      ].filter(Boolean).join(' ')
      lines.push(`| \`${rule.id}\` | ${rule.severity} | ${cell(rule.message)}${notes ? `<br>${cell(notes)}` : ''} | [${cell(rule.source.title)}](${rule.source.url}) |`)
    }
  }
  return `${lines.join('\n')}\n`
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ')
}
