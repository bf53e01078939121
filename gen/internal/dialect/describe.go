package dialect

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/toolgen-go/toolgen/gen/internal/ir"
	"github.com/toolgen-go/toolgen/gen/internal/jsonschema"
	"github.com/toolgen-go/toolgen/internal/words"
)

// describer collects the sentences that replace the keywords a dialect lacks,
// for one value.
type describer struct {
	preds []string // "be 1-100 characters", joined into one "Must ..." sentence
	notes []string // whole sentences: "Defaults to 3."
	moved []Moved
}

func (d *describer) add(path, keyword, pred string) {
	d.preds = append(d.preds, pred)
	d.moved = append(d.moved, Moved{Path: path, Keyword: keyword})
}

func (d *describer) note(path, keyword, sentence string) {
	d.notes = append(d.notes, sentence)
	d.moved = append(d.moved, Moved{Path: path, Keyword: keyword})
}

// text renders the sentences; subject is "" for the value itself, or
// "Each item" for an array's items.
func (d *describer) text(subject string) string {
	var parts []string
	if len(d.preds) > 0 {
		s := "Must "
		if subject != "" {
			s = subject + " must "
		}
		parts = append(parts, s+ir.JoinAnd(d.preds)+".")
	}
	for _, n := range d.notes {
		if subject != "" {
			n = subject + ": " + lowerFirstWord(n)
		}
		parts = append(parts, n)
	}
	return strings.Join(parts, " ")
}

func lowerFirstWord(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}

// rangePredicates adds the moved lower and upper bounds of a schema as one
// predicate each, before the others: "be 1-100 characters".
func (c *converter) rangePredicates(d *describer, path string, lengths, bounds, counts [2]string) {
	isMoved := func(k string) bool {
		for _, m := range d.moved {
			if m.Keyword == k && m.Path == path {
				return true
			}
		}
		return false
	}
	pair := func(lo, hi string, loKey, hiKey string) (string, string) {
		if !isMoved(loKey) {
			lo = ""
		}
		if !isMoved(hiKey) {
			hi = ""
		}
		return lo, hi
	}
	var preds []string
	if lo, hi := pair(lengths[0], lengths[1], "minLength", "maxLength"); lo != "" || hi != "" {
		preds = append(preds, rangeText(lo, hi, "character"))
	}
	if lo, hi := pair(bounds[0], bounds[1], "minimum", "maximum"); lo != "" || hi != "" {
		switch {
		case lo != "" && hi != "":
			preds = append(preds, "be between "+lo+" and "+hi)
		case lo != "":
			preds = append(preds, "be at least "+lo)
		default:
			preds = append(preds, "be at most "+hi)
		}
	}
	if lo, hi := pair(counts[0], counts[1], "minItems", "maxItems"); lo != "" || hi != "" {
		preds = append(preds, "have "+strings.TrimPrefix(rangeText(lo, hi, "item"), "be "))
	}
	// The ranges come first: "Must be 1-100 characters and match ...".
	d.preds = append(preds, d.preds...)
}

// rangeText is "be 1-100 characters", "be at least 1 character", "be at most
// 100 characters" or "be exactly 6 characters".
func rangeText(lo, hi, noun string) string {
	n := func(s string) uint64 { u, _ := strconv.ParseUint(s, 10, 64); return u }
	switch {
	case lo != "" && hi != "" && lo == hi:
		return "be exactly " + words.Plural(n(lo), noun)
	case lo != "" && hi != "":
		return "be " + lo + "-" + hi + " " + noun + "s"
	case lo != "":
		return "be at least " + words.Plural(n(lo), noun)
	}
	return "be at most " + words.Plural(n(hi), noun)
}

var formatNames = map[string]string{
	"date-time": "a date and time in RFC 3339 form (2006-01-02T15:04:05Z)",
	"date":      "a date in RFC 3339 form (2006-01-02)",
	"time":      "a time in RFC 3339 form (15:04:05Z)",
	"duration":  "an ISO 8601 duration (P3DT4H)",
	"email":     "an email address",
	"hostname":  "a host name",
	"ipv4":      "an IPv4 address",
	"ipv6":      "an IPv6 address",
	"uuid":      "a UUID",
	"uri":       "an absolute URI",
}

func dialectFormatText(f string) string {
	if t, ok := formatNames[f]; ok {
		return t
	}
	return "in the format " + strconv.Quote(f)
}

func numText(v any) string {
	if n, ok := v.(json.Number); ok {
		return n.String()
	}
	return jsonschema.CompactJSON(v)
}

func numUint(v any) uint64 {
	u, _ := strconv.ParseUint(numText(v), 10, 64)
	return u
}

func jsonList(values []any) string {
	parts := make([]string, len(values))
	for i, v := range values {
		parts[i] = jsonschema.CompactJSON(v)
	}
	return strings.Join(parts, ", ")
}
