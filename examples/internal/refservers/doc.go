// Package refservers checks `toolgen client` against what nobody here
// wrote: the official MCP reference servers from npm (server-everything,
// -memory, -filesystem and -sequential-thinking, pinned by
// testdata/package.json and its lock), asked for their tools over standard
// input and output, their clients vetted, built and called live; and the
// published tool schemas of the repository's testdata/realworld-schemas,
// each corpus one client that vets and builds. It holds tests only.
package refservers
