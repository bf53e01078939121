// Package maps has a tool with maps: of string keys to typed values, to
// anything, and of integer keys, which are patternProperties.
package maps

// SetLabelsArgs sets labels.
//
//toolgen:tool
type SetLabelsArgs struct {
	// Labels by name.
	Labels map[string]string `json:"labels"`
	// Weights by name.
	Weights map[string]float64 `json:"weights,omitempty"`
	// Free-form metadata.
	Meta map[string]any `json:"meta,omitempty"`
	// Slots by number.
	Slots map[int]Slot `json:"slots,omitempty"`
	// Counts by day of month.
	Days map[int64]int `json:"days,omitempty"`
}

// Slot is a reservation.
type Slot struct {
	Who string `json:"who"`
}
