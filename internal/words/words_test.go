package words

import "testing"

func TestTexts(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{Plural(0, "item"), "0 items"},
		{Plural(1, "member"), "1 member"},
		{Plural(2, "character"), "2 characters"},
		{Items(1), "an array of 1 item"},
		{MinItems(2), "an array of at least 2 items"},
		{MaxItems(1), "an array of at most 1 item"},
		{ItemsAtLeast(11), "an array of at least 11 items"},
		{MinLength(1), "at least 1 character long"},
		{MaxLength(100), "at most 100 characters long"},
		{CharactersAtLeast(101), "a string of at least 101 characters"},
		{Beginning(`"k"`), `a string beginning "k"`},
		{DepthExpected(128), "a value nested at most 128 levels deep"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}

func TestTooMany(t *testing.T) {
	expected, reason := TooMany(3)
	if expected != "at most 3 errors" || reason != "there are more errors than the 3 reported; validation stopped there, so correct these and call again" {
		t.Errorf("TooMany(3) = %q, %q", expected, reason)
	}
}
