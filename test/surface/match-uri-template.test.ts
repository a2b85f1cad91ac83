import { describe, expect, test } from 'vitest'
import { matchesUriTemplate } from '../../src/surface/match-uri-template.js'

// The expansions of RFC 6570 §3.2 (var = "value", hello = "Hello World!", path = "/foo/bar",
// list = ["red", "green", "blue"], keys = { semi: ";", dot: ".", comma: "," }, x = 1024,
// y = 768, empty = ""), each read backwards: the template must match what it expands to.
const RFC_EXPANSIONS: [template: string, uri: string][] = [
  ['{var}', 'value'],
  ['{hello}', 'Hello%20World%21'],
  ['{+var}', 'value'],
  ['{+hello}', 'Hello%20World!'],
  ['{+path}/here', '/foo/bar/here'],
  ['here?ref={+path}', 'here?ref=/foo/bar'],
  ['X{#var}', 'X#value'],
  ['X{#hello}', 'X#Hello%20World!'],
  ['map?{x,y}', 'map?1024,768'],
  ['{x,hello,y}', '1024,Hello%20World%21,768'],
  ['{+x,hello,y}', '1024,Hello%20World!,768'],
  ['{+path,x}/here', '/foo/bar,1024/here'],
  ['{#x,hello,y}', '#1024,Hello%20World!,768'],
  ['{#path,x}/here', '#/foo/bar,1024/here'],
  ['X{.var}', 'X.value'],
  ['X{.x,y}', 'X.1024.768'],
  ['{/var}', '/value'],
  ['{/var,x}/here', '/value/1024/here'],
  ['{;x,y}', ';x=1024;y=768'],
  ['{;x,y,empty}', ';x=1024;y=768;empty'],
  ['{?x,y}', '?x=1024&y=768'],
  ['{?x,y,empty}', '?x=1024&y=768&empty='],
  ['?fixed=yes{&x}', '?fixed=yes&x=1024'],
  ['{&x,y,empty}', '&x=1024&y=768&empty='],
  ['{var:3}', 'val'],
  ['{var:30}', 'value'],
  ['{list}', 'red,green,blue'],
  ['{list*}', 'red,green,blue'],
  ['{keys}', 'semi,%3B,dot,.,comma,%2C'],
  ['{keys*}', 'semi=%3B,dot=.,comma=%2C'],
  ['{+path:6}/here', '/foo/b/here'],
  ['{+list}', 'red,green,blue'],
  ['{+keys*}', 'semi=;,dot=.,comma=,'],
  ['{#path:6}/here', '#/foo/b/here'],
  ['{#keys*}', '#semi=;,dot=.,comma=,'],
  ['X{.var:3}', 'X.val'],
  ['X{.list}', 'X.red,green,blue'],
  ['X{.list*}', 'X.red.green.blue'],
  ['X{.keys*}', 'X.semi=%3B.dot=..comma=%2C'],
  ['{/var:1,var}', '/v/value'],
  ['{/list*}', '/red/green/blue'],
  ['{/list*,path:4}', '/red/green/blue/%2Ffoo'],
  ['{/keys*}', '/semi=%3B/dot=./comma=%2C'],
  ['{;hello:5}', ';hello=Hello'],
  ['{;list}', ';list=red,green,blue'],
  ['{;list*}', ';list=red;list=green;list=blue'],
  ['{;keys*}', ';semi=%3B;dot=.;comma=%2C'],
  ['{?var:3}', '?var=val'],
  ['{?list}', '?list=red,green,blue'],
  ['{?list*}', '?list=red&list=green&list=blue'],
  ['{?keys*}', '?semi=%3B&dot=.&comma=%2C'],
  ['{&var:3}', '&var=val'],
  ['{&list*}', '&list=red&list=green&list=blue'],
]

describe('matchesUriTemplate', () => {
  test.each(RFC_EXPANSIONS)('RFC 6570 §3.2: %s matches %s', (template, uri) => {
    expect(matchesUriTemplate(template, uri)).toBe(true)
  })

  test.each([
    // As MCP servers use templates.
    ['shop://products/{sku}', 'shop://products/A1', true],
    ['shop://products/{sku}', 'shop://products', false],
    ['file:///{+path}', 'file:///docs/a/b.txt', true],
    ['file:///{path}', 'file:///docs/a/b.txt', false], // a "/" in a simple value is sent as %2F
    ['file:///{path}', 'file:///docs%2Fa.txt', true],
    ['users://{id}/profile', 'users://42/profile', true],
    ['users://{id}/profile', 'users://42/x/profile', false],
    ['weather://{city}/current{?units}', 'weather://paris/current', true],
    ['weather://{city}/current{?units}', 'weather://paris/current?units=metric', true],
    ['weather://{city}/current{?units}', 'weather://paris/current?lang=fr', false], // a parameter the template does not name
    ['weather://{city}/current', 'weather://paris/forecast', false],
    ['db://{table}{/id*}', 'db://orders/1/2', true],
    ['db://{table}{/id*}', 'db://orders', true],
    ['doc://{name}{.ext}', 'doc://readme.md', true],
    ['map://{x,y}', 'map://1024,768', true],
    ['map://{x,y}', 'map://1024', true], // y undefined
    // What no expansion produces.
    ['{var:3}', 'value', false],
    ['{/var:3}', '/valu', false],
    ['{/list*,path:4}', '/red/green/blue/%2Ffoob', true], // the list may take %2Ffoob, with path undefined
    ['{?x,y}', '?y=768&x=1024', false], // variables expand in order
    ['{;x}', ';x=', false], // ";" writes an empty value as ";x"
    ['{?x}', '?x', false], // "?" writes it as "?x="
    ['{hello}', 'Hello World!', false], // a space and "!" are percent-encoded in a simple value
    ['{+hello}', 'Hello World!', false], // a space is encoded even in a reserved expansion
    ['{var}', 'val%2', false], // a broken percent-encoding
    ['X{.var}', 'Xvalue', false],
    // A template that is not RFC 6570 matches only itself.
    ['a://{x', 'a://{x', true],
    ['a://{x', 'a://y', false],
    ['a://{x!}', 'a://v', false],
  ])('%s against %s: %s', (template, uri, expected) => {
    expect(matchesUriTemplate(template, uri)).toBe(expected)
  })

  test('adjacent expressions against a long URI they do not match: one pass over the URI, no backtracking', () => {
    // Why: as a backtracking RegExp this pair takes time to the fourth power of the length (hours here).
    expect(matchesUriTemplate('{a}{b}{c}{d}X', 'a'.repeat(5_000))).toBe(false)
    expect(matchesUriTemplate('{a}{b}{c}{d}X', `${'a'.repeat(5_000)}X`)).toBe(true)
  })

  test('the longest prefix and the most variables are matched', () => {
    expect(matchesUriTemplate('{var:9999}', 'v'.repeat(9_999))).toBe(true)
    expect(matchesUriTemplate('{var:9999}', 'v'.repeat(10_000))).toBe(false)
    const sixteen = Array.from({ length: 16 }, (_, i) => `v${i}`)
    expect(matchesUriTemplate(`x{?${sixteen.join(',')}}`, 'x?v3=a&v15=b')).toBe(true)
    expect(matchesUriTemplate(`x{?${sixteen.join(',')}}`, 'x?v15=b&v3=a')).toBe(false)
    // Past 16 variables, or an automaton past 200,000 states, the template matches only itself.
    expect(matchesUriTemplate('{a:9999}'.repeat(32), 'v')).toBe(false)
    expect(matchesUriTemplate('{a:9999}'.repeat(32), '{a:9999}'.repeat(32))).toBe(true)
    expect(matchesUriTemplate(`x{?${[...sixteen, 'v16'].join(',')}}`, 'x?v3=a')).toBe(false)
  })
})
