import { diffWords } from 'diff'
import type { Change } from '../diff/change.js'
import { kindById } from '../diff/registry.js'
import { visibleText } from './visible-text.js'

/** One run of a word diff: words both texts share, words removed or added, or `…` where words were left out. */
export interface DiffRun {
  op: 'same' | 'removed' | 'added' | 'clipped'
  text: string
}

/** Words kept on each side of a change; a run of shared words longer than twice this is clipped in its middle. */
const CONTEXT_WORDS = 5
/** A shared word longer than this (a URL, a base64 blob) is cut to its end nearest the change. */
const CONTEXT_CHARS = 60
/** A removed or added run longer than HEAD + TAIL keeps its head and tail around `…`. */
const CHANGED_HEAD = 240
const CHANGED_TAIL = 80
/**
 * Why a bound: the diff's cost grows with the product of the texts' lengths when they share little;
 * past this many edits (words) two texts are shown as one removed run and one added run.
 */
const MAX_EDIT_WORDS = 1000

/**
 * Two texts as a word diff, each text made visible first (`visibleText`) and clipped around the
 * changes: a few words of context on each side, `…` where words were left out. A text that was
 * absent diffs as all added (or all removed). An empty list means only whitespace changed.
 * The diff is jsdiff's `diffWords`, which ignores whitespace between words.
 * @example wordDiff('Find items.', 'Find items by text.') // [{ op: 'same', text: 'Find items ' }, { op: 'added', text: 'by text' }, { op: 'same', text: '.' }]
 */
export function wordDiff(before: string | undefined, after: string | undefined): DiffRun[] {
  const old = visibleText(before ?? '')
  const now = visibleText(after ?? '')
  const parts = diffWords(old, now, { maxEditLength: MAX_EDIT_WORDS }) ?? [
    { value: old, added: false, removed: true, count: 1 },
    { value: now, added: true, removed: false, count: 1 },
  ]
  const runs = withoutStrayMatches(parts.filter((part) => part.value !== '').map((part) => ({ op: part.added ? 'added' : part.removed ? 'removed' : 'same', text: part.value })))
  if (!runs.some((run) => run.op !== 'same')) return []
  return runs.flatMap((run, index) => (run.op === 'same' ? clipContext(run.text, index > 0, index < runs.length - 1) : clipChanged(run)))
}

/**
 * The word diff of a change that moves prose an agent reads (its kind says `prose`), or
 * `undefined` for any other change, and for a prose field whose value is not a text on either side.
 * @example proseDiff(toolDescriptionChange)?.length // 3
 */
export function proseDiff(change: Change): DiffRun[] | undefined {
  if (kindById(change.kind).prose !== true) return undefined
  const { before, after } = change
  if ((before !== undefined && typeof before !== 'string') || (after !== undefined && typeof after !== 'string')) return undefined
  return wordDiff(before, after)
}

/**
 * Runs where a shared stretch of mere punctuation between two changes (the `.` two unrelated
 * sentences both have) is read as part of the change, and each change reads as its removed words,
 * then its added words.
 */
function withoutStrayMatches(runs: readonly DiffRun[]): DiffRun[] {
  const merged: DiffRun[] = []
  let removed = ''
  let added = ''
  const close = (): void => {
    if (removed) merged.push({ op: 'removed', text: removed })
    if (added) merged.push({ op: 'added', text: added })
    removed = added = ''
  }
  for (const [index, run] of runs.entries()) {
    // Why only between two changes: diffWords never yields two shared runs in a row, so its neighbours are changes.
    const stray = run.op === 'same' && index > 0 && index < runs.length - 1 && !/[\p{L}\p{N}]/u.test(run.text)
    if (run.op === 'same' && !stray) {
      close()
      merged.push(run)
      continue
    }
    if (run.op !== 'added') removed += run.text
    if (run.op !== 'removed') added += run.text
  }
  close()
  return merged
}

/** Shared words: only the few next to a change, `…` for the rest. */
function clipContext(text: string, afterChange: boolean, beforeChange: boolean): DiffRun[] {
  const words = text.split(/(?<=\s)(?=\S)/)
  const head = afterChange ? cutEnd(words.slice(0, CONTEXT_WORDS).join('')) : ''
  const tail = beforeChange ? cutStart(words.slice(-CONTEXT_WORDS).join('')) : ''
  if (head.length + tail.length >= text.length) return [{ op: 'same', text }]
  return [...(head ? [{ op: 'same' as const, text: head }] : []), { op: 'clipped', text: '…' }, ...(tail ? [{ op: 'same' as const, text: tail }] : [])]
}

function cutEnd(text: string): string {
  const chars = Array.from(text)
  return chars.length <= CONTEXT_CHARS ? text : chars.slice(0, CONTEXT_CHARS).join('')
}

function cutStart(text: string): string {
  const chars = Array.from(text)
  return chars.length <= CONTEXT_CHARS ? text : chars.slice(-CONTEXT_CHARS).join('')
}

/** A removed or added run: whole when short, else its head and tail around `…`, cut between words where one ends near the cut. */
function clipChanged(run: DiffRun): DiffRun[] {
  const chars = Array.from(run.text)
  if (chars.length <= CHANGED_HEAD + CHANGED_TAIL) return [run]
  const head = chars.slice(0, CHANGED_HEAD).join('')
  const tail = chars.slice(-CHANGED_TAIL).join('')
  // Why a bound on the search: a run with no space near the cut (a blob) is cut where it stands.
  const headEnd = head.search(/\s\S*$/)
  const tailStart = tail.search(/\s/)
  const kept = { head: headEnd > CHANGED_HEAD - 40 ? head.slice(0, headEnd + 1) : head, tail: tailStart >= 0 && tailStart < 40 ? tail.slice(tailStart) : tail }
  return [
    { op: run.op, text: kept.head },
    { op: 'clipped', text: `…(${chars.length - Array.from(kept.head).length - Array.from(kept.tail).length} characters left out)…` },
    { op: run.op, text: kept.tail },
  ]
}
