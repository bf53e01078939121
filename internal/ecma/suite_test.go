package ecma

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// suiteDir holds the JSON-Schema-Test-Suite files (see its LICENSE).
const suiteDir = "../../testdata/jsonschema-test-suite/draft2020-12/optional"

type suiteGroup struct {
	Description string `json:"description"`
	Schema      struct {
		Type                 string          `json:"type"`
		Pattern              *string         `json:"pattern"`
		PatternProperties    map[string]bool `json:"patternProperties"`
		AdditionalProperties *bool           `json:"additionalProperties"`
		Format               string          `json:"format"`
	} `json:"schema"`
	Tests []struct {
		Description string `json:"description"`
		Data        any    `json:"data"`
		Valid       bool   `json:"valid"`
	} `json:"tests"`
}

func loadGroups(t *testing.T, file string) []suiteGroup {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join(suiteDir, file))
	if err != nil {
		t.Fatal(err)
	}
	var groups []suiteGroup
	if err := json.Unmarshal(raw, &groups); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return groups
}

// suiteSkips lists the cases of optional/ecmascript-regex.json that need
// a feature Translate refuses, keyed "group / case", with the reason; the
// test fails if a listed case passes or an unlisted one fails. Translate
// refuses none of the file's patterns.
var suiteSkips = map[string]string{}

// TestSuitePatterns runs optional/ecmascript-regex.json: each schema's
// pattern (or patternProperties with additionalProperties false) goes
// through Translate and Go's regexp.
func TestSuitePatterns(t *testing.T) {
	pass, total := 0, 0
	for _, g := range loadGroups(t, "ecmascript-regex.json") {
		var pattern string
		props := false
		switch {
		case g.Schema.Pattern != nil:
			pattern = *g.Schema.Pattern
		case len(g.Schema.PatternProperties) == 1 && g.Schema.AdditionalProperties != nil && !*g.Schema.AdditionalProperties:
			for p, ok := range g.Schema.PatternProperties {
				if !ok {
					t.Fatalf("%s: patternProperties schema false", g.Description)
				}
				pattern = p
			}
			props = true
		default:
			t.Fatalf("%s: unexpected schema", g.Description)
		}
		re2, err := Translate(pattern)
		var re *regexp.Regexp
		if err == nil {
			re = regexp.MustCompile(re2)
		}
		for _, tc := range g.Tests {
			key := g.Description + " / " + tc.Description
			total++
			reason, skip := suiteSkips[key]
			if re == nil {
				if !skip {
					t.Errorf("%s: Translate(%q): %v", key, pattern, err)
				}
				continue
			}
			valid := true
			switch data := tc.Data.(type) {
			case string:
				switch {
				case g.Schema.Type == "object":
					valid = false
				case !props: // patternProperties ignores strings
					valid = re.MatchString(data)
				}
			case map[string]any:
				if g.Schema.Type == "string" {
					valid = false
					break
				}
				for k := range data {
					if props && !re.MatchString(k) {
						valid = false
					}
				}
			default:
				valid = g.Schema.Type == ""
			}
			switch {
			case valid == tc.Valid && skip:
				t.Errorf("%s: passes now; remove it from suiteSkips (%s)", key, reason)
			case valid == tc.Valid:
				pass++
			case !skip:
				t.Errorf("%s: pattern %q (as %q) gives %v on %q, want %v", key, pattern, re2, valid, tc.Data, tc.Valid)
			}
		}
	}
	t.Logf("optional/ecmascript-regex.json: %d/%d cases pass", pass, total)
}

// TestSuiteRegexFormat runs the "regex" format files through IsValid, and
// checks that Translate agrees: a syntax error exactly when invalid.
func TestSuiteRegexFormat(t *testing.T) {
	for _, file := range []string{"format/regex.json", "format/ecmascript-regex.json"} {
		pass, total := 0, 0
		for _, g := range loadGroups(t, file) {
			if g.Schema.Format != "regex" {
				t.Fatalf("%s: %s: format %q", file, g.Description, g.Schema.Format)
			}
			for _, tc := range g.Tests {
				s, ok := tc.Data.(string)
				if !ok {
					continue
				}
				total++
				if got := IsValid(s); got != tc.Valid {
					t.Errorf("%s: %s / %s: IsValid(%q) = %v", file, g.Description, tc.Description, s, got)
					continue
				}
				pass++
				_, err := Translate(s)
				if e, ok := err.(*Error); (ok && e.Kind == Syntax) == tc.Valid {
					t.Errorf("%s: Translate(%q): %v", file, s, err)
				}
			}
		}
		t.Logf("%s: %d/%d string cases pass", file, pass, total)
	}
}
