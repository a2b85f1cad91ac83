import { defineCue } from '../cue.js'
import { destinationsIn, isReservedHost, siteOf } from '../hosts.js'
import { SOURCES } from './sources.js'

/** A destination: a URL, host, IP or e-mail address outside the server's own sites. */
export const destination = defineCue({
  id: 'destination',
  purpose: "Finds a URL, host, IP address or e-mail address that is not on the server's own sites.",
  sources: [SOURCES.invariantExperiments, SOURCES.cyberArk, SOURCES.mcpShield],
  find: ({ plain }, { ownHosts }) => {
    const own = new Set(ownHosts.map(siteOf))
    // Why by site: a link to docs.github.com from a server that already links github.com is its own documentation.
    return destinationsIn(plain)
      .filter((found) => !isReservedHost(found.host) && !own.has(siteOf(found.host)))
      .map((found) => found.evidence)
  },
})
