// Package clientcases is the client `toolgen client` generates from
// tools.json, tools whose names and schemas say what a Go struct cannot
// (Go keywords, names that collide, hostile descriptions, sum types, maps,
// untyped members, recursive $defs): its test checks that it compiles and
// encodes and decodes as the schemas say.
package clientcases

//go:generate go tool toolgen client -from tools.json -pkg clientcases -o client_gen.go -notes toolgen_notes.txt
