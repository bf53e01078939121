package gotype

import (
	"strings"
	"unicode"
)

var toolNameSuffixes = []string{"Arguments", "Request", "Params", "Input", "Args"}

// DefaultName is the name of a tool or output without a name= option: an
// output's is its type name in snake_case, a tool's the same without a
// trailing Args/Params/Input/Arguments/Request: GetWeatherArgs ->
// get_weather.
func DefaultName(typeName string, output bool) string {
	if output {
		return SnakeCase(typeName)
	}
	return SnakeCase(TrimToolSuffix(typeName))
}

// TrimToolSuffix drops a trailing Args, Params, Input, Arguments or
// Request from a type name.
func TrimToolSuffix(typeName string) string {
	for _, s := range toolNameSuffixes {
		if trimmed, ok := strings.CutSuffix(typeName, s); ok && trimmed != "" {
			return trimmed
		}
	}
	return typeName
}

// SnakeCase is a Go name in snake_case: it splits at lower-to-upper changes and before the last capital of
// an acronym: HTTPServerConfig -> http_server_config.
func SnakeCase(s string) string {
	runes := []rune(s)
	var b strings.Builder
	for i, r := range runes {
		if unicode.IsUpper(r) && i > 0 {
			prev := runes[i-1]
			nextLower := i+1 < len(runes) && unicode.IsLower(runes[i+1])
			if unicode.IsLower(prev) || unicode.IsDigit(prev) || (unicode.IsUpper(prev) && nextLower) {
				if prev != '_' {
					b.WriteByte('_')
				}
			}
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}
