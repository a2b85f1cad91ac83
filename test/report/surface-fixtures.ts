import type { Surface } from '../../src/surface/types.js'

const defaultHints = { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true }

/** Hand-written normalized surfaces that exercise every corner of the snapshot format. */
export const SURFACE_FIXTURES: Record<string, Surface> = {
  'empty server, no lists': {
    server: { capabilities: {} },
    notRecorded: [],
  },
  'lists present but empty': {
    server: { name: 'empty', capabilities: { tools: {}, prompts: {}, resources: {} } },
    tools: [],
    prompts: [],
    resources: [],
    resourceTemplates: [],
    notRecorded: [],
  },
  'catalog: arguments, nested objects, arrays, output schema': {
    server: {
      name: 'catalog',
      title: 'Catalog',
      instructions: 'Search first.\nThen fetch one page at a time.',
      capabilities: { logging: {}, tools: { listChanged: true } },
    },
    tools: [
      {
        name: 'parse_catalog',
        title: 'Parse a catalog',
        description: 'Parses a product catalog file into pages.',
        inputSchema: {
          type: 'object',
          properties: {
            file: { type: 'string', description: 'Path to the catalog', minLength: 1 },
            pages: { type: 'integer', minimum: 1, maximum: 500 },
            filters: {
              type: 'object',
              properties: { city: { type: 'string', pattern: '^[A-Z]' }, open: { type: 'boolean', default: true } },
              required: ['city'],
              additionalProperties: false,
            },
            tags: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] }, uniqueItems: true },
            mode: { enum: ['fast', 'thorough'] },
          },
          required: ['file', 'pages'],
          additionalProperties: false,
        },
        outputSchema: {
          type: 'object',
          properties: { items: { type: 'array', items: { type: 'string' } }, total: { type: ['integer', 'null'] } },
          required: ['items'],
        },
        hints: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
        taskSupport: 'forbidden',
      },
      {
        name: 'ping',
        inputSchema: { type: 'object' },
        hints: defaultHints,
        taskSupport: 'optional',
      },
    ],
    prompts: [
      {
        name: 'summarize',
        title: 'Summarize',
        description: 'Summarize a page.',
        arguments: [
          { name: 'page', required: true, description: 'Page number' },
          { name: 'style', required: false },
        ],
      },
      { name: 'no-args', arguments: [] },
    ],
    resources: [
      { uri: 'file:///catalog/index.json', name: 'index', mimeType: 'application/json', annotations: { audience: ['user'], priority: 0.5 } },
      { uri: 'catalog://about' },
    ],
    resourceTemplates: [{ uriTemplate: 'catalog://pages/{page}', name: 'page', description: 'One page', mimeType: 'text/plain' }],
    notRecorded: [],
  },
  'recursive schema with $defs and $ref': {
    server: { name: 'tree', capabilities: { tools: {} } },
    tools: [
      {
        name: 'walk',
        inputSchema: {
          type: 'object',
          properties: { root: { $ref: '#/$defs/Node' } },
          required: ['root'],
          $defs: {
            Node: {
              type: 'object',
              properties: { children: { type: 'array', items: { $ref: '#/$defs/Node' } }, value: { type: 'string' } },
              required: ['value'],
            },
          },
        },
        outputSchema: {
          $ref: '#/definitions/__schema0',
          definitions: { __schema0: { type: 'object', properties: { next: { anyOf: [{ $ref: '#/definitions/__schema0' }, { type: 'null' }] } } } },
        },
        hints: defaultHints,
        taskSupport: 'forbidden',
      },
    ],
    notRecorded: [{ entity: 'tool', name: 'walk', path: '(output) next', reason: 'external $ref "http://example.com/s.json" is never fetched' }],
  },
  'composition, tuples, boolean schemas, conditionals': {
    server: { capabilities: { tools: {} } },
    tools: [
      {
        name: 'mix',
        inputSchema: {
          type: 'object',
          properties: {
            any: {},
            never: false,
            always: true,
            choice: { oneOf: [{ type: 'string', format: 'email' }, { type: 'integer', multipleOf: 5 }] },
            pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }], items: false },
            old: { type: 'array', items: [{ type: 'string' }, true] },
            cond: { if: { properties: { kind: { const: 'a' } } }, then: { required: ['a'] }, else: { not: { required: ['a'] } } },
            map: { type: 'object', patternProperties: { '^x-': { type: 'string' } }, additionalProperties: { type: 'number' }, propertyNames: { maxLength: 8 } },
            all: { allOf: [{ minimum: 0 }, { maximum: 9 }], deprecated: true, examples: [1, 2], 'x-internal': { a: [1, { b: null }] } },
          },
          required: [],
        },
        hints: defaultHints,
        taskSupport: 'required',
      },
    ],
    notRecorded: [],
  },
  'odd keys and strings': {
    server: { name: 'ödd "server"', title: 'Tab\there, emoji 🚀, backtick ` and ${x}', capabilities: { 'weird key': { 'a:b': true } } },
    tools: [
      {
        name: 'name with spaces: and colon',
        description: 'Line one\nLine two "quoted" \\ backslash — dash',
        inputSchema: {
          type: 'object',
          properties: {
            'has space': { type: 'string', description: 'a — b, c=d' },
            '@at': { type: 'string' },
            '[]': { type: 'string' },
            'quote"inside': { enum: ['a, b', 'c"d', '\n'] },
            mixed: { enum: [null, 1, 'a'] },
            'naïve.ünïcode': { type: 'string' },
            required: { type: 'boolean' },
            optional: { type: 'boolean' },
            any: { type: 'string' },
            true: { type: 'string' },
            '': { type: 'string' },
            '\u{1F680}': { type: 'string' },
          },
          required: ['required', 'quote"inside', 'has space'],
          'weird keyword': 1,
          '"': '"',
        },
        hints: { ...defaultHints, 'x-custom': 'yes' } as never,
        taskSupport: 'forbidden',
      },
      {
        name: 'input',
        inputSchema: { type: ['string'], description: 7 } as never,
        outputSchema: true,
        hints: defaultHints,
        taskSupport: 'forbidden',
      },
    ],
    prompts: [{ name: 'argument', arguments: [{ name: 'with space', required: false, title: 'T' }] }],
    resources: [{ uri: 'urn:a b', description: '' }],
    notRecorded: [{ entity: 'server', name: '', path: '', reason: 'why: "because"\nsecond line' }],
  },
  'required that marks cannot express': {
    server: { capabilities: {} },
    tools: [
      {
        name: 'dup',
        inputSchema: {
          type: 'object',
          properties: { a: { type: 'string' }, b: { type: 'string' } },
          required: ['b', 'a', 'a', 'ghost'],
        },
        hints: defaultHints,
        taskSupport: 'forbidden',
      },
      {
        name: 'no-props',
        inputSchema: { type: 'object', properties: {}, required: ['x'], type2: 'unknown' } as never,
        hints: defaultHints,
        taskSupport: 'forbidden',
      },
      {
        name: 'odd-types',
        inputSchema: { type: 'object', properties: { u: { type: 'uuid' }, v: { type: ['string', 'string'] }, w: { type: ['number', 'null'] }, x: { type: [] } } } as never,
        hints: defaultHints,
        taskSupport: 'forbidden',
      },
    ],
    notRecorded: [],
  },
}
