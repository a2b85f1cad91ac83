import { homedir } from 'node:os'
import { join } from 'node:path'

/**
 * The directory mcp-contract keeps per-user state in: `$XDG_CONFIG_HOME/mcp-contract` when set,
 * else `~/Library/Application Support/mcp-contract` on macOS, `%APPDATA%\mcp-contract` on
 * Windows and `~/.config/mcp-contract` elsewhere.
 * @example configDir(process.env) // '/home/ada/.config/mcp-contract'
 */
export function configDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  if (env.XDG_CONFIG_HOME) return join(env.XDG_CONFIG_HOME, 'mcp-contract')
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'mcp-contract')
  if (platform === 'win32' && env.APPDATA) return join(env.APPDATA, 'mcp-contract')
  return join(homedir(), '.config', 'mcp-contract')
}
