package format

import "github.com/toolgen-go/toolgen/internal/ecma"

// Regex reports whether s is a regular expression in the dialect JSON
// Schema uses, ECMA-262 (section 22.2.1 of the 2025 edition) in Unicode
// mode. Valid patterns include those Go's regexp cannot run, such as
// lookarounds and backreferences, and exclude the Annex B forms browsers
// accept only outside Unicode mode ("\a", a lone "{", "[\d-z]", "\1"
// without a group), references to groups or Unicode properties that do not
// exist, and other engines' syntax such as (?P<name>...), (?#...) and a
// global (?i). See ecma.IsValid, which this calls; it allocates nothing
// unless the pattern has more than 32 named groups or nests groups more
// than 64 deep.
func Regex(s string) bool {
	return ecma.IsValid(s)
}
