// Package words writes the texts of errors that more than one part of
// toolgen writes, so that they say the same words because they call the
// same functions: the generator's plan of a schema (at go generate time)
// and the Scanner of generated code (at run time) report an array's size
// with them, and runtime/tool and runtime/toolimpl the depth and too-many
// errors. It is part of toolgen's core and imports only the standard
// library.
package words

import "strconv"

// Plural counts a noun: "1 item", "2 items".
func Plural(n uint64, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.FormatUint(n, 10) + " " + noun + "s"
}

// Items is the size of an array: "an array of 2 items".
func Items(n uint64) string { return "an array of " + Plural(n, "item") }

// MinItems is the expected text of a minItems error.
func MinItems(n uint64) string { return "an array of at least " + Plural(n, "item") }

// MaxItems is the expected text of a maxItems error (and of items false
// after prefixItems).
func MaxItems(n uint64) string { return "an array of at most " + Plural(n, "item") }

// ItemsAtLeast is what is known of the size of an array whose item n has
// begun: "an array of at least 11 items".
func ItemsAtLeast(n uint64) string { return "an array of at least " + Plural(n, "item") }

// MinLength is the expected text of a minLength error.
func MinLength(n uint64) string { return "at least " + Plural(n, "character") + " long" }

// MaxLength is the expected text of a maxLength error.
func MaxLength(n uint64) string { return "at most " + Plural(n, "character") + " long" }

// CharactersAtLeast is what is known of the length of a string whose
// character n has begun: "a string of at least 101 characters".
func CharactersAtLeast(n uint64) string { return "a string of at least " + Plural(n, "character") }

// Beginning is what is known of a string of which text, quoted, has
// arrived: `a string beginning "kel"`.
func Beginning(quoted string) string { return "a string beginning " + quoted }

// UniqueItems is the expected text of a uniqueItems error.
const UniqueItems = "an array of unique items"
