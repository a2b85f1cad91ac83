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
 * @example lintSubjects({ raw: await captureRaw(target) }).filter((subject) => subject.entity === 'tool')
 */
export function lintSubjects(source: LintSource): LintSubject[] {
  if ('raw' in source) {
    return RAW_LISTS.flatMap(([entity, list, key]) =>
      (source.raw[list] ?? []).map((fields) => ({ entity, name: keyText(fields[key]), fields, fromContract: false })),
    )
  }
  const { surface } = source
  const recorded = (entity: LintEntity, name: string, fields: object): LintSubject => ({ entity, name, fields: { ...fields }, fromContract: true })
  return [
    ...(surface.tools ?? []).map(({ hints, taskSupport, ...tool }) =>
      recorded('tool', tool.name, { ...tool, annotations: hints, execution: { taskSupport } }),
    ),
    ...(surface.prompts ?? []).map((prompt) => recorded('prompt', prompt.name, prompt)),
    ...(surface.resources ?? []).map((resource) => recorded('resource', resource.uri, resource)),
    ...(surface.resourceTemplates ?? []).map((template) => recorded('resourceTemplate', template.uriTemplate, template)),
  ]
}

/** The entity's key as text; a missing or non-text key is shown as the JSON the server sent. */
function keyText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value) ?? '(none)'
}
