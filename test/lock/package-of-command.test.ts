import { expect, test } from 'vitest'
import { packageOfCommand } from '../../src/lock/client-config/package-of-command.js'

test.each([
  { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'], expected: { ecosystem: 'npm', name: '@modelcontextprotocol/server-memory', runner: 'npx' } },
  { command: 'npx', args: ['pkg@latest'], expected: { ecosystem: 'npm', name: 'pkg', requested: 'latest', runner: 'npx' } },
  { command: 'npx', args: ['-y', '@scope/pkg@1.2.3', 'arg'], expected: { ecosystem: 'npm', name: '@scope/pkg', requested: '1.2.3', runner: 'npx' } },
  { command: 'npx', args: ['-y', '--package=x', 'cmd'], expected: { ecosystem: 'npm', name: 'x', runner: 'npx' } },
  { command: 'npx', args: ['--yes', '-p', '@scope/tool@^2', 'tool-cli', '--port', '3000'], expected: { ecosystem: 'npm', name: '@scope/tool', requested: '^2', runner: 'npx' } },
  { command: 'npx', args: ['--registry', 'https://npm.example', 'pkg@2'], expected: { ecosystem: 'npm', name: 'pkg', requested: '2', runner: 'npx' } },
  { command: '/usr/local/bin/npx', args: ['-y', 'pkg'], expected: { ecosystem: 'npm', name: 'pkg', runner: 'npx' } },
  { command: 'cmd', args: ['/c', 'npx', '-y', 'pkg@1.0.0'], expected: { ecosystem: 'npm', name: 'pkg', requested: '1.0.0', runner: 'npx' } },
  { command: 'npm', args: ['exec', '--yes', 'pkg'], expected: { ecosystem: 'npm', name: 'pkg', runner: 'npx' } },
  { command: 'pnpm', args: ['dlx', '@scope/pkg@3'], expected: { ecosystem: 'npm', name: '@scope/pkg', requested: '3', runner: 'pnpm dlx' } },
  { command: 'bunx', args: ['pkg@1.2.3', '--stdio'], expected: { ecosystem: 'npm', name: 'pkg', requested: '1.2.3', runner: 'bunx' } },
  { command: 'uvx', args: ['mcp-server-fetch'], expected: { ecosystem: 'pypi', name: 'mcp-server-fetch', runner: 'uvx' } },
  { command: 'uvx', args: ['mcp-server-fetch==1.2'], expected: { ecosystem: 'pypi', name: 'mcp-server-fetch', requested: '1.2', runner: 'uvx' } },
  { command: 'uvx', args: ['--python', '3.12', 'mcp-server-git@2025.1.14', '--repository', '.'], expected: { ecosystem: 'pypi', name: 'mcp-server-git', requested: '2025.1.14', runner: 'uvx' } },
  { command: 'uvx', args: ['--from', 'awslabs.core-mcp-server>=1.0', 'core-mcp'], expected: { ecosystem: 'pypi', name: 'awslabs.core-mcp-server', requested: '>=1.0', runner: 'uvx' } },
  { command: 'uv', args: ['tool', 'run', 'pkg'], expected: { ecosystem: 'pypi', name: 'pkg', runner: 'uvx' } },
  { command: 'pipx', args: ['run', 'pkg'], expected: { ecosystem: 'pypi', name: 'pkg', runner: 'pipx' } },
  { command: 'pipx', args: ['run', '--spec', 'pkg==0.4.1', 'pkg-cli'], expected: { ecosystem: 'pypi', name: 'pkg', requested: '0.4.1', runner: 'pipx' } },
  { command: 'node', args: ['server.js'], expected: undefined },
  { command: 'npx', args: ['-y', './local-server'], expected: undefined },
  { command: 'npx', args: ['-y', 'github:org/repo'], expected: undefined },
  { command: 'npx', args: ['-y'], expected: undefined },
  { command: 'docker', args: ['run', '-i', '--rm', 'mcp/github'], expected: undefined },
])('$command $args', ({ command, args, expected }) => {
  expect(packageOfCommand(command, args)).toEqual(expected)
})
