// Package arrays has a tool with slices and arrays whose items carry
// constraints, and a slice of unique items.
package arrays

// TagPhotosArgs tags photos.
//
//toolgen:tool
type TagPhotosArgs struct {
	// Photo ids, unique, 1 to 5 of them.
	IDs []int `json:"ids" jsonschema:"minItems=1,maxItems=5,uniqueItems=true,minimum=1"`
	// Tags, each a lower-case word.
	Tags []string `json:"tags,omitempty" jsonschema:"pattern=^[a-z]+$,maxLength=12"`
	// A bounding box: x, y, width, height.
	Box [4]float64 `json:"box,omitempty" jsonschema:"minimum=0"`
	// Regions of interest.
	Regions []Region `json:"regions,omitempty" jsonschema:"maxItems=2"`
	// A matrix.
	Grid [][]bool `json:"grid,omitempty"`
	// Raw thumbnail, base64.
	Thumb []byte `json:"thumb,omitempty"`
	// Anything goes.
	Extra []any `json:"extra,omitempty" jsonschema:"uniqueItems=true"`
}

// Region is a labelled area.
type Region struct {
	Label string `json:"label"`
}
