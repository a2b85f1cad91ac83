import type { SurfacePrompt, SurfacePromptArgument } from '../surface/types.js'
import type { Detected } from './detected.js'
import { beforeAfter } from './diff-tools.js'
import { pairByKey } from './pair-by-key.js'

/** Finds every change between two prompt lists. Prompt arguments are inputs. */
export function diffPrompts(before: readonly SurfacePrompt[], after: readonly SurfacePrompt[]): Detected[] {
  const { removed, added, kept } = pairByKey(before, after, (prompt) => prompt.name)
  const changes: Detected[] = [
    ...removed.map((prompt): Detected => ({ kind: 'prompt-removed', entity: 'prompt', name: prompt.name, path: [] })),
    ...added.map((prompt): Detected => ({ kind: 'prompt-added', entity: 'prompt', name: prompt.name, path: [] })),
  ]
  for (const [old, now] of kept) {
    const name = old.name
    if (old.title !== now.title) changes.push({ kind: 'prompt-title-changed', entity: 'prompt', name, path: [], ...beforeAfter(old.title, now.title) })
    if (old.description !== now.description) {
      changes.push({ kind: 'prompt-description-changed', entity: 'prompt', name, path: [], ...beforeAfter(old.description, now.description) })
    }
    changes.push(...diffPromptArguments(name, old.arguments, now.arguments))
  }
  return changes
}

function diffPromptArguments(name: string, before: SurfacePromptArgument[], after: SurfacePromptArgument[]): Detected[] {
  const { removed, added, kept } = pairByKey(before, after, (argument) => argument.name)
  const at = (argument: SurfacePromptArgument) => ({ entity: 'prompt' as const, name, direction: 'input' as const, path: [argument.name] })
  const changes: Detected[] = [
    ...removed.map((argument): Detected => ({ kind: 'prompt-argument-removed', ...at(argument) })),
    ...added.map((argument): Detected => ({ kind: 'prompt-argument-added', ...at(argument), after: argument.required ? 'required' : 'optional' })),
  ]
  for (const [old, now] of kept) {
    if (old.required !== now.required) {
      changes.push({ kind: now.required ? 'prompt-argument-now-required' : 'prompt-argument-now-optional', ...at(old), before: presence(old.required), after: presence(now.required) })
    }
    for (const field of ['title', 'description'] as const) {
      if (old[field] !== now[field]) {
        changes.push({ kind: 'prompt-argument-description-changed', ...at(old), ...beforeAfter(old[field], now[field]), details: { field } })
      }
    }
  }
  return changes
}

function presence(required: boolean | undefined): 'required' | 'optional' {
  return required === true ? 'required' : 'optional'
}
