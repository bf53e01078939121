package load

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// TypeDescription is a type's description from its doc comment, as go doc
// shows it (DocText), without the directive, and without the Go name its
// first sentence begins with, which means nothing to a model:
//
//   - "<Name> is ...", "<Name>s are ...", "<Name> represents ...",
//     "<Name> describes ...", "<Name>: ...", with an article in front or
//     not ("A <Name> is ..."), become what follows: "Receiver is one
//     destination of an alert." is "One destination of an alert.";
//   - "<Name> <verb>s ..." becomes "<Verb>s ...": "GetWeatherArgs asks for
//     the weather." is "Asks for the weather." (without an article only:
//     "The Order of things" stays);
//
// the first letter of what is left upper case, unless it begins a name of
// code ("Flights is search_flights' result." is "search_flights' result.").
// A sentence where the name is not the subject ("GetWeatherArgs GetWeather
// it is.") stays as it is.
func TypeDescription(typeName, doc string) string {
	doc = DocText(doc)
	if typeName == "" {
		return doc
	}
	subject, article := doc, false
	for _, a := range []string{"A ", "An ", "The "} {
		if rest, ok := strings.CutPrefix(doc, a); ok {
			subject, article = rest, true
			break
		}
	}
	var rest string
	found := false
	for _, name := range []string{typeName, typeName + "s", typeName + "es"} {
		if after, ok := strings.CutPrefix(subject, name); ok && (strings.HasPrefix(after, " ") || strings.HasPrefix(after, ":")) {
			rest, found = after, true
			break
		}
	}
	if !found {
		return doc
	}
	plain := true // the name and a verb of the sentence's own: it must go on lower case
	if after, ok := strings.CutPrefix(rest, ":"); ok {
		rest, plain = after, false
	}
	rest = strings.TrimLeft(rest, " ")
	if plain {
		verbs := []string{"is", "are", "represents", "describes"}
		word, _, _ := strings.Cut(rest, " ")
		switch {
		case slices.Contains(verbs, word):
			rest, plain = strings.TrimLeft(rest[len(word):], " "), false
		case slices.Contains(verbs, strings.TrimRightFunc(word, unicode.IsPunct)):
			return doc // "GetWeatherArgs is.": nothing follows the verb
		}
	}
	r, size := utf8.DecodeRuneInString(rest)
	switch {
	case rest == "" || r == '\n' || plain && article:
		// "The Order of things": after an article, only "is" and its
		// like, or a colon, make the name the subject.
		return doc
	case unicode.IsLower(r) && codeWord(rest):
		// "Flights is search_flights' result.": a name of code, which
		// upper case would change, begins what is left, as it is.
		if plain {
			return doc
		}
		return rest
	case unicode.IsLower(r):
		return string(unicode.ToUpper(r)) + rest[size:]
	case plain:
		// "GetWeatherArgs GetWeather it is.": the name is not the subject.
		return doc
	}
	return rest
}

// codeWord reports whether text begins with a word of code: one with an
// underscore, a digit or an upper case letter after its first.
func codeWord(text string) bool {
	end := strings.IndexFunc(text, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' })
	if end < 0 {
		end = len(text)
	}
	word := text[:end]
	_, size := utf8.DecodeRuneInString(word)
	return strings.ContainsFunc(word[size:], func(r rune) bool { return r == '_' || unicode.IsDigit(r) || unicode.IsUpper(r) })
}
