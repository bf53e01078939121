package format_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/toolgen-go/toolgen/internal/format"
)

// suiteDir holds the JSON-Schema-Test-Suite files (see its LICENSE).
const suiteDir = "../../testdata/jsonschema-test-suite/draft2020-12/optional/format"

// suiteFiles are the optional/format files of the formats this package
// checks; ecmascript-regex holds more "regex" cases.
var suiteFiles = []string{
	"date-time", "date", "time", "duration", "email", "hostname", "ipv4", "ipv6",
	"uri", "uri-reference", "uri-template", "uuid", "json-pointer", "regex", "ecmascript-regex",
}

// expectedFailures lists every suite case a checker gets wrong, keyed
// "file: group description / case description", with the reason. The
// test fails when a listed case passes or an unlisted one fails.
var expectedFailures = map[string]string{}

// minPassRate is the share of each file's string cases that must pass.
const minPassRate = 0.98

type suiteGroup struct {
	Description string          `json:"description"`
	Schema      json.RawMessage `json:"schema"`
	Tests       []struct {
		Description string `json:"description"`
		Data        any    `json:"data"`
		Valid       bool   `json:"valid"`
	} `json:"tests"`
}

// suiteCase is one string case of a {"format": X} schema.
type suiteCase struct {
	file, key, format, data string
	valid                   bool
}

// loadSuite reads the string cases of one file. Non-string instances are
// valid for every format by the suite's rules, and not the checkers'
// business; loadSuite checks that the file says so.
func loadSuite(t testing.TB, file string) []suiteCase {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join(suiteDir, file+".json"))
	if err != nil {
		t.Fatal(err)
	}
	var groups []suiteGroup
	if err := json.Unmarshal(raw, &groups); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	var cases []suiteCase
	for _, g := range groups {
		var schema map[string]any
		if err := json.Unmarshal(g.Schema, &schema); err != nil {
			t.Fatalf("%s: %s: schema: %v", file, g.Description, err)
		}
		name, _ := schema["format"].(string)
		delete(schema, "$schema")
		if len(schema) != 1 || name == "" {
			t.Fatalf("%s: %s: schema is not just {\"format\": ...}: %s", file, g.Description, g.Schema)
		}
		for _, tc := range g.Tests {
			s, ok := tc.Data.(string)
			if !ok {
				if !tc.Valid {
					t.Fatalf("%s: %s / %s: a non-string instance is invalid", file, g.Description, tc.Description)
				}
				continue
			}
			cases = append(cases, suiteCase{file: file, key: file + ": " + g.Description + " / " + tc.Description,
				format: name, data: s, valid: tc.Valid})
		}
	}
	return cases
}

func TestSuite(t *testing.T) {
	listed := map[string]bool{}
	for _, file := range suiteFiles {
		cases := loadSuite(t, file)
		pass := 0
		for _, c := range cases {
			known, ok := format.Check(c.format, c.data)
			if !known {
				t.Fatalf("%s: unknown format %q", c.key, c.format)
			}
			reason, expected := expectedFailures[c.key]
			if expected {
				listed[c.key] = true
			}
			switch {
			case ok == c.valid && expected:
				t.Errorf("%s: passes now (%q, valid=%v); remove it from expectedFailures (%s)", c.key, c.data, c.valid, reason)
			case ok == c.valid:
				pass++
			case !expected:
				t.Errorf("%s: %s(%q) = %v, want %v", c.key, c.format, c.data, ok, c.valid)
			}
		}
		rate := float64(pass) / float64(len(cases))
		t.Logf("%-18s %3d/%3d string cases pass (%.1f%%)", file, pass, len(cases), 100*rate)
		if rate < minPassRate {
			t.Errorf("%s: pass rate %.1f%% is below %.0f%%", file, 100*rate, 100*minPassRate)
		}
	}
	var stale []string
	for key := range expectedFailures {
		if !listed[key] {
			stale = append(stale, key)
		}
	}
	sort.Strings(stale)
	for _, key := range stale {
		t.Errorf("expectedFailures lists %q, which is no suite case", key)
	}
}
