package gen_test

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/toolgen-go/toolgen/internal/testkit/dump"
)

// The suites that run schema files' validators (conformance, formats,
// older drafts, real-world schemas) also compare the verdict and the
// errors (Codes and Messages) of every case with a file of
// testdata/behaviour, a part of the behaviour dump (see
// internal/testkit/dump): go test -update rewrites it, which only a change
// of behaviour meant to be may do.

// checkVerdicts writes the verdict of each case, under its file and group
// in their order, and compares the text with testdata/behaviour/name.txt.
// A case whose schema was refused has the generator's error.
func checkVerdicts(t *testing.T, name string, cases []suiteCase, verdicts []string) {
	t.Helper()
	var b strings.Builder
	fmt.Fprintf(&b, "# The verdicts of %s: see gen/verdicts_test.go.\n", name)
	file, group := "", "\x00"
	for i, c := range cases {
		if c.File != file {
			file, group = c.File, "\x00"
			fmt.Fprintf(&b, "\n# %s\n", line(c.File))
		}
		if c.Group != group {
			group = c.Group
			if group != "" {
				fmt.Fprintf(&b, "## %s\n", line(c.Group))
			}
			if c.Refused != "" {
				fmt.Fprintf(&b, "refused: %s\n", line(c.Refused))
			}
		}
		if c.Refused != "" {
			fmt.Fprintf(&b, "%s: refused\n", line(c.Test))
			continue
		}
		fmt.Fprintf(&b, "%s: %s\n", line(c.Test), line(verdicts[i]))
	}
	dump.Golden(t, filepath.Join("testdata", "behaviour", name+".txt"), b.String())
}

// checkVerdictsOfDrawn is checkVerdicts for a suite of drawn instances,
// whose verdicts the file lists in full, but whose data only for the first
// few of each schema: per schema, the number of valid and invalid verdicts
// and the SHA-256 of every instance's data and verdict stand for the rest.
func checkVerdictsOfDrawn(t *testing.T, name string, cases []suiteCase, verdicts []string, withData int) {
	t.Helper()
	var b strings.Builder
	fmt.Fprintf(&b, "# The verdicts of %s: see gen/verdicts_test.go. Per schema: how many instances are\n", name)
	fmt.Fprintf(&b, "# valid and invalid, the SHA-256 of every instance and verdict, the first %d instances, every verdict.\n", withData)
	for start := 0; start < len(cases); {
		end := start
		for end < len(cases) && cases[end].File == cases[start].File {
			end++
		}
		h := sha256.New()
		valid := 0
		for i := start; i < end; i++ {
			fmt.Fprintf(h, "%s\n%s\n", cases[i].Data, verdicts[i])
			if verdicts[i] == "valid" {
				valid++
			}
		}
		fmt.Fprintf(&b, "\n# %s: %d valid, %d invalid, SHA-256 %s\n", line(cases[start].File), valid, end-start-valid, hex.EncodeToString(h.Sum(nil)))
		for i := start; i < end; i++ {
			if i < start+withData {
				fmt.Fprintf(&b, "%s: %s\n  %s\n", line(cases[i].Test), data(cases[i].Data), line(verdicts[i]))
				continue
			}
			fmt.Fprintf(&b, "%s: %s\n", line(cases[i].Test), line(verdicts[i]))
		}
		start = end
	}
	dump.Golden(t, filepath.Join("testdata", "behaviour", name+".txt"), b.String())
}

// line returns s as it is when it is valid UTF-8 without control
// characters, quoted otherwise.
func line(s string) string {
	if !utf8.ValidString(s) || strings.HasPrefix(s, `"`) || strings.ContainsFunc(s, func(r rune) bool { return r < 0x20 || r == 0x7f }) {
		return strconv.Quote(s)
	}
	return s
}

// data writes an instance: as it is, or its length and SHA-256 for a long
// one.
func data(d []byte) string {
	if len(d) > 512 {
		sum := sha256.Sum256(d)
		return fmt.Sprintf("%s… (%d bytes, SHA-256 %s)", line(string(d[:120])), len(d), hex.EncodeToString(sum[:]))
	}
	return line(string(d))
}
