// Why a module of its own: the CLI keeps this variable's token out of stderr in every command,
// `record` too, and the rest of auth loads node:crypto for the token cache.

/** The environment variable a CI job puts a bearer token in. */
export const TOKEN_ENV = 'MCP_CONTRACT_TOKEN'
