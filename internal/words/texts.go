package words

import "strconv"

// DepthExpected is the expectation of an error about a value nested deeper
// than limit levels.
func DepthExpected(limit int) string {
	return "a value nested at most " + strconv.Itoa(limit) + " levels deep"
}

// TooMany is the expectation and the reason of the last error of a
// validation that stopped after max errors.
func TooMany(max int) (expected, reason string) {
	n := strconv.Itoa(max)
	return "at most " + n + " errors", "there are more errors than the " + n + " reported; validation stopped there, so correct these and call again"
}
