package ir

import "strings"

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
