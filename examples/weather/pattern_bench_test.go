package main

import (
	"regexp"
	"testing"
)

var patternSink bool

// BenchmarkTagPattern compares the loop toolgen generates for the tags
// pattern ^[a-z0-9_-]+$ with the regexp it replaces.
func BenchmarkTagPattern(b *testing.B) {
	re := regexp.MustCompile(`^[a-z0-9_-]+$`)
	for _, s := range []string{"weekend_2", "Not OK"} {
		b.Run("loop/"+s, func(b *testing.B) {
			for b.Loop() {
				patternSink = tagsPattern(s)
			}
		})
		b.Run("regexp/"+s, func(b *testing.B) {
			for b.Loop() {
				patternSink = re.MatchString(s)
			}
		})
	}
}
