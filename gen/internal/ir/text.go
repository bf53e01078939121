package ir

import (
	"strings"
)

// AppendSentence adds text to a description, ending the description with a
// period first when it has no closing punctuation.
func AppendSentence(desc, text string) string {
	if text == "" {
		return desc
	}
	desc = strings.TrimSpace(desc)
	if desc == "" {
		return text
	}
	if !strings.HasSuffix(desc, ".") && !strings.HasSuffix(desc, "!") && !strings.HasSuffix(desc, "?") {
		desc += "."
	}
	return desc + " " + text
}

// JoinAnd joins the items of a list in a sentence: "a", "a and b", "a, b
// and c".
func JoinAnd(items []string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}
