import type { RawSurface, Surface } from '../surface/types.js'
import type { LintEntity, LintSubject } from './profile-rule.js'

/** What lint reads: a surface exactly as a server sent it, or a recorded (normalized) one. */
export type LintSource = { raw: RawSurface } | { surface: Surface }

const RAW_LISTS: [LintEntity, 'tools' | 'prompts' | 'resources' | 'resourceTemplates', string][] = [
  ['tool', 'tools', 'name'],
  ['prompt', 'prompts', 'name'],
  ['resource', 'resources', 'uri'],
  ['resourceTemplate', 'resourceTemplates', 'uriTemplate'],
]

/**
 * Every entity of a surface as rules see it. A recorded surface is turned back into the fields a
 * server would send (hints as `annotations`, task support as `execution`); its schemas stay canonical.
 * `made` holds the subjects made before by entity object: a recorded entity found there is not made again.
 * @example lintSubjects({ raw: await captureRaw(target) }).filter((subject) => subject.entity === 'tool')
 */
export function lintSubjects(source: LintSource, made?: Map<object, LintSubject>): LintSubject[] {
  if ('raw' in source) {
    return RAW_LISTS.flatMap(([entity, list, key]) =>
      (source.raw[list] ?? []).map((fields) => ({ entity, name: keyText(fields[key]), fields, fromContract: false })),
    )
  }
  const { surface } = source
  // Why `made`: the diff lints both sides, and a live entity that is the recorded object itself
  // (a vouched entry reused) has the same fields; copying them again was most of linting it.
  const recorded = <T extends object>(entity: LintEntity, name: string, of: T, fields: (of: T) => Record<string, unknown>): LintSubject => {
    const known = made?.get(of)
    if (known !== undefined) return known
    const subject = { entity, name, fields: fields(of), fromContract: true }
    made?.set(of, subject)
    return subject
  }
  return [
    ...(surface.tools ?? []).map((tool) => recorded('tool', tool.name, tool, ({ hints, taskSupport, ...rest }) => ({ ...rest, annotations: hints, execution: { taskSupport } }))),
    ...(surface.prompts ?? []).map((prompt) => recorded('prompt', prompt.name, prompt, (of) => ({ ...of }))),
    ...(surface.resources ?? []).map((resource) => recorded('resource', resource.uri, resource, (of) => ({ ...of }))),
    ...(surface.resourceTemplates ?? []).map((template) => recorded('resourceTemplate', template.uriTemplate, template, (of) => ({ ...of }))),
  ]
}

/** The entity's key as text; a missing or non-text key is shown as the JSON the server sent. */
function keyText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value) ?? '(none)'
}
