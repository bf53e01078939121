package textnumber

import "strconv"

// Level reads itself from text, but is a number.
type Level int

func (l *Level) UnmarshalText(b []byte) error {
	n, err := strconv.Atoi(string(b))
	*l = Level(n)
	return err
}

// SetArgs sets a level.
//
//toolgen:tool
type SetArgs struct {
	Level Level `json:"level"`
}
