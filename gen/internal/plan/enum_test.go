package plan_test

import (
	"strings"
	"testing"

	"github.com/toolgen-go/toolgen/gen/internal/plan"
)

// TestEnumTexts: the expected text of an enum's error lists every value,
// however long (renderings cut it, between values); a summary of a few words
// within another message lists the values that fit, whole, and counts the
// rest.
func TestEnumTexts(t *testing.T) {
	var values []any
	var quoted []string
	for _, v := range []string{"damaged", "defective", "not_as_described", "late_delivery", "duplicate_charge", "goodwill", "other"} {
		values = append(values, v)
		quoted = append(quoted, `"`+v+`"`)
	}
	if got, want := plan.EnumText(values), strings.Join(quoted, ", "); got != want {
		t.Errorf("EnumText = %s, want %s", got, want)
	}
	got := plan.EnumSummary(values)
	if want := strings.Join(quoted[:5], ", ") + ", … and 2 more"; got != want {
		t.Errorf("EnumSummary = %s, want %s", got, want)
	}
	if got := plan.EnumSummary(values[:2]); got != `"damaged", "defective"` {
		t.Errorf("EnumSummary of two = %s", got)
	}
}
