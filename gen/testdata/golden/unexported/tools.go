// Command unexported has tools of unexported types, so that the names
// toolgen generates are unexported too.
package main

import "fmt"

// lookupArgs looks a word up.
//
//toolgen:tool name=lookup risk=read
type lookupArgs struct {
	Word string `json:"word"`
	Lang lang   `json:"lang,omitempty"`
}

type lang string

const (
	english lang = "en"
	french  lang = "fr"
)

// httpConfigArgs sets the HTTP client up.
//
//toolgen:tool
type httpConfigArgs struct {
	TimeoutMS int `json:"timeout_ms" jsonschema:"minimum=1"`
}

func main() {
	fmt.Println(lookupArgs{}, httpConfigArgs{}, english, french)
}
