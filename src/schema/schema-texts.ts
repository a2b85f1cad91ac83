import type { Schema } from './types.js'

/**
 * The JSON texts of the schema nodes one comparison meets, remembered per object, and a small
 * id per distinct text (memo keys stay short).
 * @example const texts = new SchemaTexts(); texts.idOf(texts.of({ type: 'string' })) // 0
 */
export class SchemaTexts {
  private json = new WeakMap<object, string>()
  private readonly ids = new Map<string, number>()

  /** The JSON text of a schema node. */
  of(schema: Schema): string {
    if (typeof schema === 'boolean') return String(schema)
    let text = this.json.get(schema)
    if (text === undefined) {
      // Why: canonical schemas already have sorted keys, so native JSON text is canonical; an
      // object the engine assembled in another key order only misses a shortcut, never a change.
      text = JSON.stringify(schema)
      // Why not short ones: writing them again costs less than the memory of keeping them for
      // the hundred thousand `$ref`s of a large cycle.
      if (text.length >= 64) this.json.set(schema, text)
    }
    return text
  }

  /** A small number naming one distinct text. */
  idOf(text: string): number {
    let id = this.ids.get(text)
    if (id === undefined) this.ids.set(text, (id = this.ids.size))
    return id
  }

  /** Forgets every text (the run is over; its memory is given back). */
  clear(): void {
    this.ids.clear()
    this.json = new WeakMap()
  }
}
